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
/// are skipped as incompatible (left for a newer client), never half-applied.
public let supportedSchemaVersion: Int = 1
