/// The canonical record types of the cloud's public database, in the order sync must apply them:
/// every type only refers to types before it, so a page of games never arrives before its teams.
public enum RecordType: String, CaseIterable, Sendable, Codable, Comparable {
    case sport = "Sport"
    case leagueStructure = "LeagueStructure"
    case stadium = "Stadium"
    case team = "Team"
    case teamAlias = "TeamAlias"
    case stadiumAlias = "StadiumAlias"
    case game = "Game"

    /// The dependency order of DESIGN §6 (Sport → … → Game).
    public static var syncOrder: [RecordType] { allCases }

    public static func < (lhs: RecordType, rhs: RecordType) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The newest record schema this build understands. Records with a higher `schemaVersion`
/// are skipped as incompatible (left for a newer client), never half-applied. Schema 2 adds a
/// game's result (`homeScore`, `awayScore`), its `sourceId` and the statuses `suspended` and
/// `completedEarly`: a game using a new status is written as schema 2 (a version-1 client could
/// not read it), one that only adds the new fields stays 1 (older clients skip unknown fields).
public let supportedSchemaVersion: Int = 2
