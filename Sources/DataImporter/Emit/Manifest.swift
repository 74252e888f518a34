/// `Data/manifest.json`. Consumers rely on `files[].path`, `files[].recordType`,
/// `files[].records` and `recordTypes[TYPE].watermark`; the rest documents provenance.
struct Manifest: Codable, Sendable, Equatable {
    struct File: Codable, Sendable, Equatable {
        var path: String
        var recordType: String
        var records: Int
        var sport: String?
        var season: String?
        var complete: Bool?
        var notes: String?
        var sources: [SourceReference]
        /// Stadium ids whose coordinates are a stand-in (a town centre), with what they stand on.
        var approximateLocations: [String: String]? = nil
    }

    struct TypeSummary: Codable, Sendable, Equatable {
        var records: Int
        /// The largest `modified.timestamp` among the type's records.
        var watermark: Int64
    }

    /// A table file beside the records: `places.tsv`, `airports.tsv`.
    struct Table: Codable, Sendable, Equatable {
        var path: String
        var rows: Int
        var licence: String
        var sources: [SourceReference]
        var notes: String? = nil
    }

    var format = 1
    var schemaVersion = 1
    var generatedBy = "trips-import"
    var files: [File]
    var recordTypes: [String: TypeSummary]
    var places: Table
    var airports: Table? = nil
}
