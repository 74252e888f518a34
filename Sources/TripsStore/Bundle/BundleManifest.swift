import FoundationEssentials
import TripsModel

/// `Data/manifest.json`: which record files the bundle holds and each type's watermark.
/// Only the fields the store needs are decoded; the importer writes more (sources, notes).
public struct BundleManifest: Sendable, Decodable {
    public struct File: Sendable, Decodable {
        public var path: String
        public var recordType: String
        public var records: Int
        public var sport: String?
        public var season: String?
        public var complete: Bool?
        public var notes: String?
    }

    public struct TypeSummary: Sendable, Decodable {
        public var records: Int
        public var watermark: Int64?
    }

    public struct Places: Sendable, Decodable {
        public var path: String
        public var rows: Int?
    }

    public var format: Int
    public var schemaVersion: Int?
    public var files: [File]
    public var recordTypes: [String: TypeSummary]
    public var places: Places?

    /// Reads `manifest.json` of the bundle at `directory` (format 1 only).
    public static func load(from directory: URL) throws(BundleError) -> BundleManifest {
        let url = directory.appendingPathComponent("manifest.json")
        let manifest: BundleManifest
        do {
            manifest = try JSONDecoder().decode(BundleManifest.self, from: Data(contentsOf: url))
        } catch {
            throw .unreadable(path: url.path, reason: CanonicalStore.describe(error))
        }
        guard manifest.format == 1 else { throw .unsupportedFormat(path: url.path, format: manifest.format) }
        return manifest
    }

    /// The bundle's watermark for a type (largest `modified` among its records).
    public func watermark(for type: RecordType) -> Int64? {
        recordTypes[type.rawValue]?.watermark
    }
}
