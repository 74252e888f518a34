import CloudKitWeb
import Foundation
import RecordSchema

/// The parts of `Data/manifest.json` the server relies on (the bundle contract in COMMON):
/// the record files and their types and counts.
struct SeedManifest: Decodable, Sendable {
    struct File: Decodable, Sendable {
        var path: String
        var recordType: String
        var records: Int?
    }

    var files: [File]
}

/// What seeding did, for the start-up log.
public struct SeedReport: Sendable, Hashable {
    public var recordsByType: [String: Int] = [:]
    /// Records that could not be read (counted and skipped, never fatal).
    public var skipped = 0
    /// Files whose record count differs from the manifest's.
    public var countMismatches: [String] = []

    public var total: Int { recordsByType.values.reduce(0, +) }
}

/// Why seeding could not start at all.
public enum SeedError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadableManifest(path: String, detail: String)
    case unreadableFile(path: String, detail: String)

    public var description: String {
        switch self {
        case .unreadableManifest(let path, let detail): return "cannot read the bundle manifest \(path): \(detail)"
        case .unreadableFile(let path, let detail): return "cannot read bundle file \(path): \(detail)"
        }
    }
}

/// Fills a new public database from `Data/`, keeping every record's change tag and
/// modification time, so a client bootstrapped from the same bundle starts in sync.
enum BundleSeeder {
    static func seed(
        _ store: CloudStore, from directory: URL, nowMs: Int64,
        environments: [ServerEnvironment] = ServerEnvironment.allCases
    ) throws -> SeedReport {
        let manifestURL = directory.appendingPathComponent("manifest.json")
        let manifest: SeedManifest
        do {
            manifest = try JSONDecoder().decode(SeedManifest.self, from: Data(contentsOf: manifestURL))
        } catch {
            throw SeedError.unreadableManifest(path: manifestURL.path, detail: String(describing: error))
        }
        var report = SeedReport()
        // Both environments' public databases start from the bundle (a server's), or the one used.
        let owners = environments.map { $0.owner(CloudStore.publicOwner) }
        let zone = ZoneID.defaultZone.zoneName
        try store.db.transaction {
            var newest: Int64 = 0
            for file in manifest.files {
                let url = directory.appendingPathComponent(file.path)
                // Lenient: a malformed record is counted and skipped, the rest of the file loads.
                let page: RecordPage
                do {
                    page = try WireJSON.recordPage(Data(contentsOf: url))
                } catch {
                    throw SeedError.unreadableFile(path: url.path, detail: String(describing: error))
                }
                report.skipped += page.malformed.count
                var loaded = 0
                for record in page.records {
                    guard !record.recordName.isEmpty, !record.deleted else {
                        report.skipped += 1
                        continue
                    }
                    let type = record.recordType ?? file.recordType
                    let modified = record.modified?.timestamp ?? nowMs
                    let fields = FieldJSON.encode(record.fields)
                    for owner in owners {
                        let tag: String
                        if let given = record.recordChangeTag, !given.isEmpty {
                            tag = given
                        } else {
                            tag = try store.nextTag(owner: owner, replacing: nil)
                        }
                        let stored = StoredRecord(
                            zone: zone, name: record.recordName, type: type, tag: tag,
                            createdMs: record.created?.timestamp ?? modified, createdBy: nil, modifiedMs: modified,
                            modifiedBy: nil, deleted: false, fields: fields, seq: try store.nextSequence(owner: owner))
                        try store.put(
                            owner: owner, stored, deprecated: record.fields[CommonFields.deprecatedAt.name] != nil)
                    }
                    newest = max(newest, modified)
                    loaded += 1
                    report.recordsByType[type, default: 0] += 1
                }
                if let expected = file.records, expected != loaded {
                    report.countMismatches.append("\(file.path): manifest says \(expected), loaded \(loaded)")
                }
            }
            for owner in owners { try store.raiseTimestampFloor(owner: owner, to: newest) }
            try store.setMeta("seeded", "\(report.total)")
        }
        // Statistics for the query planner: without them SQLite may walk the primary key
        // instead of the per-type indexes.
        try store.db.execute("ANALYZE")
        return report
    }
}

extension CloudStore {
    /// Seeds a new database from `Data/` (as `serve` does on its first start); nil when it was
    /// seeded before. For a database used in-process, such as a device's own feeds database,
    /// which reads one environment only (`environments`: half the writes of both).
    public func seedIfNew(
        from directory: URL, nowMs: Int64, environments: [ServerEnvironment] = ServerEnvironment.allCases
    ) throws -> SeedReport? {
        guard try meta("seeded") == nil else { return nil }
        return try BundleSeeder.seed(self, from: directory, nowMs: nowMs, environments: environments)
    }
}
