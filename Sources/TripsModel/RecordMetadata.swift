import FoundationEssentials

/// What every canonical record carries besides its fields: the server's bookkeeping
/// (change tag, modification time) and the soft-delete marker. Merge rules read only this.
public struct RecordMetadata: Sendable, Hashable, Codable {
    /// Server-assigned; equal tags mean equal content.
    public var changeTag: String
    /// Server-assigned modification time, ms since 1970 UTC. Watermarks are made of these.
    public var modifiedMs: Int64
    public var schemaVersion: Int
    /// Soft delete: the row is kept (so references still resolve) but never shown.
    public var deprecatedAtMs: Int64?
    public var deprecationReason: String?

    public init(
        changeTag: String, modifiedMs: Int64, schemaVersion: Int = 1,
        deprecatedAtMs: Int64? = nil, deprecationReason: String? = nil
    ) {
        self.changeTag = changeTag
        self.modifiedMs = modifiedMs
        self.schemaVersion = schemaVersion
        self.deprecatedAtMs = deprecatedAtMs
        self.deprecationReason = deprecationReason
    }

    public var isDeprecated: Bool { deprecatedAtMs != nil }
}
