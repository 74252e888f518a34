import CloudKitWeb
import Foundation
import TripsModel
import TripsRecords

@testable import TripsStore

/// Small, hand-made canonical worlds for store and provider tests.
enum Fixtures {
    static let chicago = "America/Chicago"
    static let newYork = "America/New_York"

    static func meta(_ tag: String = "t1", modified: Int64 = 1_000, schema: Int = 1, deprecatedAt: Int64? = nil)
        -> RecordMetadata
    {
        RecordMetadata(changeTag: tag, modifiedMs: modified, schemaVersion: schema, deprecatedAtMs: deprecatedAt)
    }

    static func record(_ entity: CanonicalEntity, _ meta: RecordMetadata = Fixtures.meta()) -> Record {
        CanonicalRecord(entity, meta: meta).record
    }

    static let mlb = Sport(
        id: "sport_mlb", sportId: "mlb", abbreviation: "MLB", displayName: "Major League Baseball",
        seasonStartMonth: 3, seasonEndMonth: 10, gameDurationMinutes: 180)
    static let nba = Sport(
        id: "sport_nba", sportId: "nba", abbreviation: "NBA", displayName: "National Basketball Association",
        seasonStartMonth: 10, seasonEndMonth: 4, gameDurationMinutes: 150)

    static let daikin = Stadium(
        id: "stadium_daikin_park", name: "Daikin Park", city: "Houston", state: "TX", country: "US",
        location: Coordinate(latitude: 29.757, longitude: -95.355), timeZone: chicago, sports: ["mlb"])
    static let yankee = Stadium(
        id: "stadium_yankee_stadium", name: "Yankee Stadium", city: "Bronx", state: "NY", country: "US",
        location: Coordinate(latitude: 40.829, longitude: -73.926), timeZone: newYork, sports: ["mlb"])
    static let toyota = Stadium(
        id: "stadium_toyota_center", name: "Toyota Center", city: "Houston", state: "TX", country: "US",
        location: Coordinate(latitude: 29.751, longitude: -95.362), timeZone: chicago, sports: ["nba"])

    static let astros = Team(
        id: "team_mlb_hou", sport: "mlb", abbreviation: "HOU", city: "Houston", nickname: "Astros",
        name: "Houston Astros", stadiumId: daikin.id)
    static let yankees = Team(
        id: "team_mlb_nyy", sport: "mlb", abbreviation: "NYY", city: "New York", nickname: "Yankees",
        name: "New York Yankees", stadiumId: yankee.id)
    static let athletics = Team(
        id: "team_mlb_ath", sport: "mlb", abbreviation: "ATH", city: "Sacramento", nickname: "Athletics",
        name: "Athletics", stadiumId: nil)
    static let rockets = Team(
        id: "team_nba_hou", sport: "nba", abbreviation: "HOU", city: "Houston", nickname: "Rockets",
        name: "Houston Rockets", stadiumId: toyota.id)

    static func date(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    static func game(
        _ id: String, _ startISO: String, home: Team = astros, away: Team = yankees, stadium: String? = daikin.id,
        season: String = "2026", number: Int = 1
    ) -> Game {
        Game(
            id: id, sport: home.sport, season: season, startTime: date(startISO), homeTeamId: home.id,
            awayTeamId: away.id, stadiumId: stadium, gameNumber: number)
    }

    /// A store holding sports, three stadiums, four teams and the given games and aliases.
    static func store(games: [Game] = [], teamAliases: [TeamAlias] = [], stadiumAliases: [StadiumAlias] = []) throws
        -> CanonicalStore
    {
        let store = try CanonicalStore(location: .memory)
        var records: [CanonicalEntity] = [.sport(mlb), .sport(nba)]
        records += [daikin, yankee, toyota].map(CanonicalEntity.stadium)
        records += [astros, yankees, athletics, rockets].map(CanonicalEntity.team)
        records += teamAliases.map(CanonicalEntity.teamAlias) + stadiumAliases.map(CanonicalEntity.stadiumAlias)
        records += games.map(CanonicalEntity.game)
        try store.database.transaction {
            for entity in records { _ = try store.merge(record(entity)) }
        }
        return store
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trips-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
