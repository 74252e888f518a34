import CloudKitWeb
import ScheduleLinking
import TripsModel
import TripsRecords

/// The cloud's canonical records a publish compares against, decoded once: teams and venues
/// (with aliases) to resolve the feed's names, and the games with their change tags.
public struct CloudSnapshot: Sendable {
    public struct Stored<Value: Sendable>: Sendable {
        public var value: Value
        public var meta: RecordMetadata
    }

    public var teams: [Team] = []
    public var teamAliases: [TeamAlias] = []
    public var stadiums: [Stored<Stadium>] = []
    public var stadiumAliases: [StadiumAlias] = []
    public var games: [Stored<Game>] = []
    /// Records that did not decode (named), left alone by the publish.
    public var unreadable: [String] = []

    public init() {}

    /// What a publish links the feeds' games against.
    public var known: KnownRecords {
        KnownRecords(
            teams: teams, teamAliases: teamAliases, stadiums: stadiums.map(\.value), stadiumAliases: stadiumAliases,
            games: games.map(\.value))
    }

    /// Reads the types a publish needs; deprecated teams and aliases are left out of resolution.
    public static func read(from database: some PublicDatabase) async throws -> CloudSnapshot {
        var snapshot = CloudSnapshot()
        for type in [RecordType.team, .teamAlias, .stadium, .stadiumAlias, .game] {
            for record in try await database.records(ofType: type.rawValue) {
                guard let canonical = try? CanonicalRecord(record: record) else {
                    snapshot.unreadable.append(record.recordName)
                    continue
                }
                snapshot.add(canonical)
            }
        }
        return snapshot
    }

    mutating func add(_ record: CanonicalRecord) {
        let live = !record.meta.isDeprecated
        switch record.entity {
        case .team(let t) where live: teams.append(t)
        case .teamAlias(let a) where live: teamAliases.append(a)
        case .stadium(let s): stadiums.append(Stored(value: s, meta: record.meta))
        case .stadiumAlias(let a) where live: stadiumAliases.append(a)
        case .game(let g): games.append(Stored(value: g, meta: record.meta))
        default: break
        }
    }
}
