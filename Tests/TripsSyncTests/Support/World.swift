import Foundation
import TripsModel
import TripsRecords
import TripsStore
import TripsSync

/// A small canonical world for pull tests: one sport, stadiums, teams and games.
enum World {
    static let sport = CanonicalEntity.sport(
        Sport(
            id: "sport_mlb", sportId: "mlb", abbreviation: "MLB", displayName: "Major League Baseball",
            seasonStartMonth: 3, seasonEndMonth: 10, gameDurationMinutes: 180))

    static func stadium(_ n: Int, name: String? = nil) -> CanonicalEntity {
        .stadium(
            Stadium(
                id: "stadium_\(n)", name: name ?? "Park \(n)", city: "City \(n)", state: "TX", country: "US",
                location: Coordinate(latitude: 29.7, longitude: -95.3), timeZone: "America/Chicago", sports: ["mlb"]))
    }

    static func team(_ n: Int) -> CanonicalEntity {
        .team(
            Team(
                id: "team_mlb_t\(n)", sport: "mlb", abbreviation: "T\(n)", city: "City \(n)", nickname: "Team \(n)",
                name: "City \(n) Team \(n)", stadiumId: "stadium_\(n)"))
    }

    /// Game `n`: team 1 hosts team 2 (or the given teams) on day `n` of the season.
    static func game(_ n: Int, home: String = "team_mlb_t1", away: String = "team_mlb_t2", hour: Int = 19)
        -> CanonicalEntity
    {
        let start = Date(timeIntervalSince1970: 1_774_000_000 + Double(n) * 86_400 + Double(hour) * 3_600)
        return .game(
            Game(
                id: String(format: "game_mlb_2026_%04d", n), sport: "mlb", season: "2026", startTime: start,
                homeTeamId: home, awayTeamId: away, stadiumId: "stadium_1"))
    }

    static func games(_ range: ClosedRange<Int>) -> [CanonicalEntity] { range.map { game($0) } }

    /// The sport, two stadiums, two teams.
    static let base: [CanonicalEntity] = [sport, stadium(1), stadium(2), team(1), team(2)]

    /// A fixed client clock far from the server's timestamps: nothing may use it as a watermark.
    static let clientNow = Date(timeIntervalSince1970: 1_000_000_000)

    static func store() throws -> CanonicalStore { try CanonicalStore(location: .memory) }

    static func sync(
        _ store: CanonicalStore, _ cloud: MemoryCloud, pageSize: Int = 3, overlapMs: Int64 = 0, full: Bool = false,
        types: [RecordType] = RecordType.syncOrder, cloudIdentity: String? = nil
    ) async -> SyncResult {
        let options = CanonicalSyncOptions(
            pageSize: pageSize, overlapMs: overlapMs, full: full, types: types, cloudIdentity: cloudIdentity)
        let sync = CanonicalSync(store: store, source: cloud, options: options, now: { World.clientNow })
        return await World.run(sync, cloud: cloud)
    }

    /// Runs a pull in its own task, which the cloud may cancel as the CLI's signal handler does.
    /// The caller waits, so the store is never used by two tasks at once.
    static func run(_ sync: CanonicalSync, cloud: MemoryCloud? = nil) async -> SyncResult {
        nonisolated(unsafe) let sync = sync
        let (attached, opened) = AsyncStream<Void>.makeStream()
        let task = Task {
            for await _ in attached {}
            return await sync.run()
        }
        await cloud?.attach(task)
        opened.finish()
        return await task.value
    }

    static func counts(_ result: SyncResult, _ type: RecordType) -> MergeCounts {
        result.types.first { $0.recordType == type }?.counts ?? MergeCounts()
    }
}
