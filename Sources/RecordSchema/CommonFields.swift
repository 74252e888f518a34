/// The fields every canonical record carries besides its own (DESIGN §3): schema version and
/// the soft delete.
public enum CommonFields {
    public static let schemaVersion = FieldSpec(
        "schemaVersion", .int64, .defaulted(.int64(1)), column: "schema_version")
    public static let deprecatedAt = FieldSpec("deprecatedAt", .timestamp, .optional, column: "deprecated_at_ms")
    public static let deprecationReason = FieldSpec(
        "deprecationReason", .string, .optional, column: "deprecation_reason")

    public static let all = [schemaVersion, deprecatedAt, deprecationReason]
}
