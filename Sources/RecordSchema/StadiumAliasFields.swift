/// The `StadiumAlias` record's fields (DESIGN §3), in store column order.
public enum StadiumAliasFields {
    public static let recordType = "StadiumAlias"
    public static let stadiumId = FieldSpec("stadiumId", .string, column: "stadium_id")
    public static let value = FieldSpec("value", .string, column: "value")
    public static let validFrom = FieldSpec("validFrom", .timestamp, .optional, column: "valid_from_ms")
    public static let validUntil = FieldSpec("validUntil", .timestamp, .optional, column: "valid_until_ms")

    public static let all = [stadiumId, value, validFrom, validUntil]
}
