/// A sport / league as the product knows it (MLB, NBA, …). `id` is the record name (`sport_mlb`),
/// `sportId` the short code users type (`mlb`).
public struct Sport: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    public var sportId: String
    public var abbreviation: String
    public var displayName: String
    public var seasonStartMonth: Int
    public var seasonEndMonth: Int
    /// Typical game length; the planner uses it to know when a fan can leave.
    public var gameDurationMinutes: Int

    public init(
        id: String, sportId: String, abbreviation: String, displayName: String,
        seasonStartMonth: Int, seasonEndMonth: Int, gameDurationMinutes: Int
    ) {
        self.id = id
        self.sportId = sportId
        self.abbreviation = abbreviation
        self.displayName = displayName
        self.seasonStartMonth = seasonStartMonth
        self.seasonEndMonth = seasonEndMonth
        self.gameDurationMinutes = gameDurationMinutes
    }

    /// The record name for a sport code: `mlb` → `sport_mlb`.
    public static func recordName(for sportId: String) -> String { "sport_\(sportId)" }
}
