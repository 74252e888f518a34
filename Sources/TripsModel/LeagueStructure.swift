/// One node of a league's tree: league → conference → division (MLB: AL/NL → six divisions).
public struct LeagueStructure: Sendable, Hashable, Codable, Identifiable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case league, conference, division
    }

    public var id: String
    public var sport: String
    public var kind: Kind
    public var name: String
    public var abbreviation: String
    public var parentId: String?
    public var displayOrder: Int

    public init(
        id: String, sport: String, kind: Kind, name: String, abbreviation: String,
        parentId: String?, displayOrder: Int
    ) {
        self.id = id
        self.sport = sport
        self.kind = kind
        self.name = name
        self.abbreviation = abbreviation
        self.parentId = parentId
        self.displayOrder = displayOrder
    }
}
