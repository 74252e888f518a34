import Foundation
import Testing
import TripsModel
import TripsZones

/// The shipped `Data/` against what the raw sources really say (issue 9, items 15-19).
@Suite("Shipped data fidelity")
struct DataFidelityTests {
    let bundle: ShippedBundle

    init() throws {
        bundle = try ShippedBundle.shared.get()
    }

    func zone(of game: Game) -> ZoneInfo {
        let id = game.stadiumId ?? bundle.teams[game.homeTeamId]?.stadiumId ?? ""
        return ZoneDatabase.system.zone(bundle.stadiums[id]?.timeZone ?? "UTC")!
    }

    @Test("no league-season has two or more games at one instant that some venue would start at an odd hour")
    func noPlaceholderClusters() {
        for file in bundle.manifest.files where file.recordType == "Game" {
            let games = bundle.games(sport: file.sport ?? "", season: file.season ?? "").filter { !$0.timeTBD }
            for (instant, members) in Dictionary(grouping: games, by: \.startTime) where members.count >= 2 {
                let odd = members.filter { game in
                    !(9..<23).contains(CalendarDay.split(zone(of: game).localSeconds(at: instant)).secondOfDay / 3600)
                }
                #expect(odd.isEmpty, "\(file.path): \(members.count) games at \(instant), e.g. \(odd.first?.id ?? "")")
            }
        }
    }

    @Test("ESPN's 24 NFL 'TBD' games are timeTBD on the date ESPN gives, in every venue's zone")
    func nflPlaceholders() throws {
        let nfl = bundle.games(sport: "nfl", season: "2026")
        #expect(nfl.filter(\.timeTBD).count == 24)
        let rams = try #require(nfl.first { $0.id == "game_nfl_2026_0110_sea_la" })
        #expect(rams.timeTBD)
        #expect(CalendarDay(rams.startTime, in: zone(of: rams)) == CalendarDay(year: 2027, month: 1, day: 10))
        for game in nfl where game.timeTBD {
            #expect(
                LocalTimeFormatter().parts(of: game.startTime, zone: zone(of: game).identifier).weekday == "Sun",
                "\(game.id)")
        }
    }

    @Test("a team's own alternate arena is a home game; ESPN's neutral flags are kept")
    func alternateArenasAreNotNeutral() {
        let nba = bundle.games(sport: "nba", season: "2025-26") + bundle.games(sport: "nba", season: "2026-27")
        let moody = nba.filter { $0.stadiumId == "stadium_moody_center" }
        #expect(moody.count == 5 && moody.allSatisfy { !$0.isNeutralSite })
        // Cup semifinals.
        #expect(nba.filter { $0.stadiumId == "stadium_t_mobile_arena" }.allSatisfy { $0.isNeutralSite })
        let wnba = bundle.games(sport: "wnba", season: "2026")
        #expect(wnba.filter(\.isNeutralSite).map(\.stadiumId) == ["stadium_galen_center"])  // ESPN says neutral
        #expect(wnba.filter { $0.stadiumId == "stadium_scotiabank_arena" }.allSatisfy { !$0.isNeutralSite })
    }

    @Test("Bristol Motor Speedway and Field of Dreams stand on the venues, not on their towns' centres")
    func specialVenueLocations() throws {
        let bristol = try #require(bundle.stadiums["stadium_bristol_motor_speedway"])
        #expect(bristol.location.miles(to: Coordinate(latitude: 36.5157, longitude: -82.2570)) < 0.3)
        #expect(!bristol.locationIsApproximate)
        let field = try #require(bundle.stadiums["stadium_field_of_dreams"])
        let dyersvilleCentre = Coordinate(latitude: 42.48444, longitude: -91.12291)
        #expect(field.location.miles(to: dyersvilleCentre) > 3)
        #expect(!field.locationIsApproximate)
    }

    @Test("stadiums on a town centre are flagged, and the manifest lists exactly those")
    func approximateLocations() throws {
        let flagged = Set(bundle.stadiums.values.filter(\.locationIsApproximate).map(\.id))
        let stadiumsFile = try #require(bundle.manifest.files.first { $0.recordType == "Stadium" })
        #expect(flagged == ["stadium_peoplesbank_arena"])
        #expect(Set(stadiumsFile.approximateLocations?.keys ?? [:].keys) == flagged)
    }

    @Test("the five suspended MLB games keep their original start and carry the resumption")
    func suspendedGames() throws {
        let resumed = bundle.allGames.filter { $0.resumedAt != nil }
        let bySource = Dictionary(uniqueKeysWithValues: resumed.map { (bundle.sourceIds[$0.id] ?? "", $0) })
        #expect(Set(bySource.keys) == ["777861", "777623", "777294", "776907", "824912"])
        let braves = try #require(bySource["824912"])
        #expect(braves.startTime == Date(timeIntervalSince1970: 1_781_651_700))  // 2026-06-16T23:15:00Z
        #expect(braves.resumedAt == Date(timeIntervalSince1970: 1_781_719_200))  // 2026-06-17T18:00:00Z
        #expect(braves.status == .final)
    }
}
