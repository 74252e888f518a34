import Foundation
import Testing
import TripsModel

@Suite("Names as of a date")
struct NameHistoryTests {
    static func day(_ year: Int, _ month: Int = 7, _ day: Int = 1) -> Date {
        CalendarDay(year: year, month: month, day: day).start(in: .utc)
    }

    let athletics = Team(
        id: "team_mlb_ath", sport: "mlb", abbreviation: "ATH", city: "Sacramento", nickname: "Athletics",
        name: "Athletics", stadiumId: nil)
    let dodgers = Team(
        id: "team_mlb_lad", sport: "mlb", abbreviation: "LAD", city: "Los Angeles", nickname: "Dodgers",
        name: "Los Angeles Dodgers", stadiumId: "stadium_uniqlo")
    let park = Stadium(
        id: "stadium_uniqlo", name: "UNIQLO Field at Dodger Stadium", city: "Los Angeles", state: "CA", country: "US",
        location: Coordinate(latitude: 34.0739, longitude: -118.24), timeZone: "America/Los_Angeles", sports: ["mlb"])

    var history: NameHistory {
        NameHistory(
            teamAliases: [
                TeamAlias(
                    id: "a1", teamId: athletics.id, kind: .abbreviation, value: "OAK", validUntil: Self.day(2025, 1, 1)),
                TeamAlias(
                    id: "a2", teamId: athletics.id, kind: .name, value: "Oakland Athletics",
                    validUntil: Self.day(2025, 1, 1)),
                TeamAlias(
                    id: "a3", teamId: athletics.id, kind: .city, value: "Oakland", validUntil: Self.day(2025, 1, 1)),
                TeamAlias(id: "a4", teamId: athletics.id, kind: .nickname, value: "A's"),  // a spelling, undated
                TeamAlias(
                    id: "d1", teamId: dodgers.id, kind: .name, value: "Brooklyn Dodgers",
                    validFrom: Self.day(1911, 1, 1),
                    validUntil: Self.day(1958, 1, 1)),
                TeamAlias(
                    id: "d2", teamId: dodgers.id, kind: .name, value: "Brooklyn Robins",
                    validFrom: Self.day(1914, 1, 1),
                    validUntil: Self.day(1932, 1, 1)),
            ],
            stadiumAliases: [
                StadiumAlias(id: "s1", stadiumId: park.id, value: "Dodger Stadium", validUntil: Self.day(2026, 1, 1)),
                StadiumAlias(id: "s2", stadiumId: park.id, value: "Chavez Ravine"),  // undated: never shown
            ])
    }

    @Test("a venue shows the name its dated alias gives it on the game's day, else its current name")
    func stadiumNames() {
        #expect(history.stadium(park, on: Self.day(2025)).name == "Dodger Stadium")
        #expect(history.stadium(park, on: Self.day(2026)).name == "UNIQLO Field at Dodger Stadium")
    }

    @Test("a club shows the name, code and city of the game's day; undated spellings never replace them")
    func teamNames() {
        let in2024 = history.team(athletics, on: Self.day(2024))
        #expect(in2024.name == "Oakland Athletics" && in2024.abbreviation == "OAK" && in2024.city == "Oakland")
        #expect(in2024.nickname == "Athletics")
        #expect(history.team(athletics, on: Self.day(2025)) == athletics)
    }

    @Test("of two dated names covering a day, the one that began last wins")
    func latestStartWins() {
        #expect(history.team(dodgers, on: Self.day(1920)).name == "Brooklyn Robins")
        #expect(history.team(dodgers, on: Self.day(1940)).name == "Brooklyn Dodgers")
        #expect(history.team(dodgers, on: Self.day(2025)).name == "Los Angeles Dodgers")
    }
}
