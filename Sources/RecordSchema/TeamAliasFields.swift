/// The `TeamAlias` record's fields (DESIGN §3), in store column order.
public enum TeamAliasFields {
    public static let recordType = "TeamAlias"
    public static let teamId = FieldSpec("teamId", .string, column: "team_id")
    public static let kind = FieldSpec("kind", .string, column: "kind")
    public static let value = FieldSpec("value", .string, column: "value")
    public static let validFrom = FieldSpec("validFrom", .timestamp, .optional, column: "valid_from_ms")
    public static let validUntil = FieldSpec("validUntil", .timestamp, .optional, column: "valid_until_ms")

    public static let all = [teamId, kind, value, validFrom, validUntil]
}
