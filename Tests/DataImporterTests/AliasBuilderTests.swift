import Foundation
import Testing
import TripsModel

@testable import DataImporter

@Suite("Aliases")
struct AliasBuilderTests {
    static let teams = [
        "mlb": [
            Team(
                id: "team_mlb_ath", sport: "mlb", abbreviation: "ATH", city: "Sacramento", nickname: "Athletics",
                name: "Athletics", stadiumId: nil),
            Team(
                id: "team_mlb_bal", sport: "mlb", abbreviation: "BAL", city: "Baltimore", nickname: "Orioles",
                name: "Baltimore Orioles", stadiumId: nil),
        ]
    ]

    static func fact(_ code: String, _ value: String, from: Int? = nil, until: Int? = nil) -> AliasFact {
        AliasFact(
            sport: "mlb", teamCode: code, kind: .name, value: value,
            validFrom: from.map { CalendarDay(year: $0, month: 1, day: 1) },
            validUntil: until.map { CalendarDay(year: $0, month: 1, day: 1) }, source: "t")
    }

    @Test("a value equal to any club's current name, nickname, city or code is not an alias")
    func currentValuesDropped() {
        let aliases = AliasBuilder.teamAliases(
            [
                Self.fact("ATH", "Athletics"), Self.fact("ATH", "Baltimore Orioles"),
                Self.fact("ATH", "Oakland Athletics"),
            ],
            teams: Self.teams)
        #expect(aliases.map(\.value) == ["Oakland Athletics"])
    }

    @Test("facts for one club and value merge into one span; an open bound wins")
    func spansMerge() throws {
        let aliases = AliasBuilder.teamAliases(
            [
                Self.fact("ATH", "Oakland Athletics", from: 1968, until: 2021),
                Self.fact("ATH", "Oakland Athletics", until: 2025),
            ],
            teams: Self.teams)
        let only = try #require(aliases.first)
        #expect(aliases.count == 1)
        #expect(only.validFrom == nil)
        #expect(only.validUntil == AliasBuilder.midnightUTC(CalendarDay(year: 2025, month: 1, day: 1)))
        #expect(only.id == "ta_mlb_oakland_athletics_athletics" && only.teamId == "team_mlb_ath")
    }

    @Test("facts about clubs that do not exist are ignored")
    func unknownClub() {
        #expect(AliasBuilder.teamAliases([Self.fact("XYZ", "Nobody")], teams: Self.teams).isEmpty)
    }

    @Test(
        "stadium aliases: names MLB played under carry their seasons, others are open, spellings of the current name are skipped"
    )
    func stadiumAliases() throws {
        let daikin = Stadium(
            id: "stadium_daikin_park", name: "Daikin Park", city: "Houston", state: "TX", country: "US",
            location: Coordinate(latitude: 29.7568, longitude: -95.3563), timeZone: "America/Chicago", sports: ["mlb"])
        let aliases = AliasBuilder.stadiumAliases(
            names: ["stadium_daikin_park": ["Daikin Park", "DAIKIN PARK", "Minute Maid Park", "Enron Field"]],
            stadiums: [daikin],
            uses: [StadiumNameUse(name: "Minute Maid Park", firstSeason: 2018, lastSeason: 2024)],
            firstKnownSeason: 2018)
        #expect(aliases.map(\.id) == ["sa_enron_field", "sa_minute_maid_park"])
        let minuteMaid = try #require(aliases.last)
        #expect(minuteMaid.validFrom == nil)
        #expect(minuteMaid.validUntil == AliasBuilder.midnightUTC(CalendarDay(year: 2025, month: 1, day: 1)))
        #expect(aliases.first?.validUntil == nil)
    }
}
