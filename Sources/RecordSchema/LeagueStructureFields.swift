/// The `LeagueStructure` record's fields (DESIGN §3), in store column order.
public enum LeagueStructureFields {
    public static let recordType = "LeagueStructure"
    public static let sport = FieldSpec("sport", .string, column: "sport")
    public static let kind = FieldSpec("kind", .string, column: "kind")
    public static let name = FieldSpec("name", .string, column: "name")
    public static let abbreviation = FieldSpec("abbreviation", .string, .optional, column: "abbreviation")
    public static let parentId = FieldSpec("parentId", .string, .optional, column: "parent_id")
    public static let displayOrder = FieldSpec("displayOrder", .int64, .defaulted(.int64(0)), column: "display_order")

    public static let all = [sport, kind, name, abbreviation, parentId, displayOrder]
}
