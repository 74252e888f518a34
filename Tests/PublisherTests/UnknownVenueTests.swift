import CloudKitWeb
import Foundation
import LeagueFeeds
import Publisher
import Testing
import TripsModel

/// A neutral-site game at a venue the cloud does not know gets a Stadium record of its own
/// (written before the game); a home game at a venue known by another name is at the home park.
@Suite struct UnknownVenueTests {
    static func game(_ id: String, venue: FeedVenue, neutral: Bool) -> FeedGame {
        FeedGame(
            league: "mlb", gameId: id, season: "2027", seasonType: .regular,
            localDate: CalendarDay(year: 2027, month: 3, day: 20), start: Date(timeIntervalSince1970: 1_805_500_000),
            timeTBD: false, status: .scheduled,
            home: FeedTeam(id: "119", abbreviation: "LAD", name: "Los Angeles Dodgers", location: nil),
            away: FeedTeam(id: "135", abbreviation: "SD", name: "San Diego Padres", location: nil),
            venue: venue, isNeutralSite: neutral)
    }

    static let gazetteer: @Sendable () -> Gazetteer? = {
        let text = try? String(contentsOf: RecordedSeason.data.appendingPathComponent("places.tsv"), encoding: .utf8)
        return text.flatMap { try? Gazetteer(tsv: $0) }
    }

    @Test func unknownNeutralVenuesBecomeStadiumsAndRenamedHomeParksDoNot() async throws {
        let cloud = MemoryDatabase(try RecordedSeason.bundleRecords { !$0.contains("games-") })
        let seoul = FeedVenue(
            id: "5340", name: "Gocheok Sky Dome", city: "Seoul", country: "South Korea",
            coordinate: Coordinate(latitude: 37.4982, longitude: 126.8671), timeZone: "Asia/Seoul")
        let town = FeedVenue(id: nil, name: "Made-up Field", city: "Bristol", state: "TN")
        let renamed = FeedVenue(id: nil, name: "Chavez Ravine Ballpark")
        let schedule = FeedSchedule(
            format: .mlbStatsAPISchedule,
            games: [
                Self.game("1", venue: seoul, neutral: true), Self.game("2", venue: town, neutral: true),
                Self.game("3", venue: renamed, neutral: false),
            ],
            venues: [seoul, town, renamed], skipped: [])
        let run = try await Publication.run(
            [schedule], to: cloud, source: "test", gazetteer: Self.gazetteer, dryRun: false, force: false)
        let made = Dictionary(run.normalised.newStadiums.map { ($0.name, $0) }) { a, _ in a }
        let dome = try #require(made["Gocheok Sky Dome"])
        #expect(dome.timeZone == "Asia/Seoul" && !dome.locationIsApproximate && dome.id == "stadium_gocheok_sky_dome")
        let field = try #require(made["Made-up Field"])
        #expect(field.locationIsApproximate && field.timeZone == "America/New_York" && field.state == "TN")
        #expect(made.count == 2)
        #expect(run.normalised.venuesAsHomePark == ["Chavez Ravine Ballpark → UNIQLO Field at Dodger Stadium"])
        let stadiums = Set(try await cloud.records(ofType: "Stadium").map(\.recordName))
        for game in run.normalised.games {
            #expect(stadiums.contains(game.game.stadiumId ?? ""), "\(game.game.id) points to a stadium the cloud has")
        }
    }
}
