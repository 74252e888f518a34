import CloudKitWeb
import FoundationEssentials
import TripsModel

/// `Data/manifest.json`: which record files the bundle holds and each type's watermark.
/// Only the fields the store needs are read; the importer writes more (sources, notes). Read
/// with the wire format's own parser, not `JSONDecoder`: `trips games --season` reads the
/// manifest on every run (full-season sizes for coverage notes), and Codable's first use costs
/// more than the whole query (runtime type lookups, ~0.5 ms of a 5 ms command).
public struct BundleManifest: Sendable {
    public struct File: Sendable {
        public var path: String
        public var recordType: String
        public var records: Int
        public var sport: String?
        public var season: String?
        public var complete: Bool?
        public var notes: String?
    }

    public struct TypeSummary: Sendable {
        public var records: Int
        public var watermark: Int64?
    }

    public struct Places: Sendable {
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
            manifest = try BundleManifest(json: WireJSON.value(Data(contentsOf: url)))
        } catch {
            throw .unreadable(path: url.path, reason: CanonicalStore.describe(error))
        }
        guard manifest.format == 1 else { throw .unsupportedFormat(path: url.path, format: manifest.format) }
        return manifest
    }

    /// The manifest in a parsed document; `ManifestShapeError` names the first member that is
    /// missing or of the wrong type.
    public init(json: JSONValue) throws(ManifestShapeError) {
        let reader = ManifestReader(value: json, path: "manifest")
        format = try reader.int("format")
        schemaVersion = try reader.optionalInt("schemaVersion")
        files = try reader.array("files").map { (file) throws(ManifestShapeError) in
            File(
                path: try file.string("path"), recordType: try file.string("recordType"),
                records: try file.int("records"), sport: try file.optionalString("sport"),
                season: try file.optionalString("season"), complete: try file.optionalBool("complete"),
                notes: try file.optionalString("notes"))
        }
        var types: [String: TypeSummary] = [:]
        for (name, summary) in try reader.object("recordTypes") {
            types[name] = TypeSummary(
                records: try summary.int("records"), watermark: try summary.optionalInt64("watermark"))
        }
        recordTypes = types
        places = try reader.optionalMember("places").map { (places) throws(ManifestShapeError) in
            Places(path: try places.string("path"), rows: try places.optionalInt("rows"))
        }
    }

    /// The bundle's watermark for a type (largest `modified` among its records).
    public func watermark(for type: RecordType) -> Int64? {
        recordTypes[type.rawValue]?.watermark
    }
}

/// A manifest member missing or of the wrong type ("manifest.files[3].records: expected a number").
public struct ManifestShapeError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// Typed reads of one object of the manifest, each naming its path on failure.
private struct ManifestReader {
    let value: JSONValue
    let path: String

    private func member(_ key: String) -> JSONValue? {
        guard let found = value[key], found != .null else { return nil }
        return found
    }

    private func wrong(_ key: String, _ expected: String) -> ManifestShapeError {
        ManifestShapeError(description: "\(path).\(key): \(member(key) == nil ? "missing" : "expected \(expected)")")
    }

    func string(_ key: String) throws(ManifestShapeError) -> String {
        guard let text = try optionalString(key) else { throw wrong(key, "a string") }
        return text
    }

    func optionalString(_ key: String) throws(ManifestShapeError) -> String? {
        guard let found = member(key) else { return nil }
        guard let text = found.string else { throw wrong(key, "a string") }
        return text
    }

    func int(_ key: String) throws(ManifestShapeError) -> Int {
        guard let number = try optionalInt(key) else { throw wrong(key, "a number") }
        return number
    }

    func optionalInt(_ key: String) throws(ManifestShapeError) -> Int? {
        try optionalInt64(key).map { Int($0) }
    }

    func optionalInt64(_ key: String) throws(ManifestShapeError) -> Int64? {
        guard let found = member(key) else { return nil }
        guard case .int(let number) = found else { throw wrong(key, "a whole number") }
        return number
    }

    func optionalBool(_ key: String) throws(ManifestShapeError) -> Bool? {
        guard let found = member(key) else { return nil }
        guard case .bool(let flag) = found else { throw wrong(key, "true or false") }
        return flag
    }

    func optionalMember(_ key: String) throws(ManifestShapeError) -> ManifestReader? {
        guard let found = member(key) else { return nil }
        guard case .object = found else { throw wrong(key, "an object") }
        return ManifestReader(value: found, path: "\(path).\(key)")
    }

    func array(_ key: String) throws(ManifestShapeError) -> [ManifestReader] {
        guard case .array(let items)? = member(key) else { throw wrong(key, "an array") }
        return items.enumerated().map { ManifestReader(value: $1, path: "\(path).\(key)[\($0)]") }
    }

    func object(_ key: String) throws(ManifestShapeError) -> [(String, ManifestReader)] {
        guard case .object(let members)? = member(key) else { throw wrong(key, "an object") }
        return members.sorted { $0.key < $1.key }.map { ($0, ManifestReader(value: $1, path: "\(path).\(key).\($0)")) }
    }
}
