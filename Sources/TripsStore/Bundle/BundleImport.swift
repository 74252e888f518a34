import CloudKitWeb
import FoundationEssentials
import TripsModel

/// The outcome of importing the bundled snapshot.
public struct BundleImportReport: Sendable {
    public var counts: [RecordType: MergeCounts]
    public var files: Int
    public var seconds: Double
}

extension CanonicalStore {
    /// Whether the bundle was ever imported into this store.
    public var hasImportedBundle: Bool {
        (try? info("bundleImportedAt")) != nil
    }

    /// Imports every record file of the bundle at `directory` through the normal merge path,
    /// in **one** transaction, then sets each type's watermark to the bundle's — so a first
    /// sync against a server seeded from the same bundle transfers only later changes.
    ///
    /// With `onlyIfNeeded`, a store another process bootstrapped meanwhile is left alone
    /// (the check happens inside the write transaction).
    @discardableResult
    public func importBundle(at directory: URL, onlyIfNeeded: Bool = false, now: Date = Date()) throws
        -> BundleImportReport
    {
        let start = ContinuousClock.now
        let manifest = try BundleManifest.load(from: directory)

        // One file at a time inside the transaction (memory stays at one file's size); an
        // unreadable file throws, which rolls everything back: nothing is half-imported.
        let files = manifest.files.sorted {
            (RecordType(rawValue: $0.recordType) ?? .game, $0.path) < (
                RecordType(rawValue: $1.recordType) ?? .game, $1.path
            )
        }
        var counts: [RecordType: MergeCounts] = [:]
        try database.transaction {
            if onlyIfNeeded, try info("bundleImportedAt") != nil { return }
            for file in files {
                let url = directory.appendingPathComponent(file.path)
                let page: RecordPage
                do {
                    page = try WireJSON.recordPage(Data(contentsOf: url))
                } catch {
                    throw BundleError.unreadable(path: url.path, reason: Self.describe(error))
                }
                let fileType = RecordType(rawValue: file.recordType)
                for record in page.records {
                    let outcome = try merge(record)
                    let type = record.recordType.flatMap(RecordType.init(rawValue:)) ?? fileType ?? .game
                    counts[type, default: MergeCounts()].count(outcome)
                }
                for bad in page.malformed {
                    counts[fileType ?? .game, default: MergeCounts()].count(
                        .malformed(.missingMetadata(recordName: bad.recordName ?? "(unnamed)", what: bad.reason)))
                }
            }
            for type in RecordType.allCases {
                if let mark = manifest.watermark(for: type) {
                    try advanceWatermark(type, to: mark)
                    try setInfo(Self.bundleWatermarkKey(type), String(mark))
                }
            }
            // Statistics let the query planner pick the team index over the sport index.
            try database.execute("ANALYZE")
            try setInfo(BundleSeasonSizes.infoKey, manifest.seasonSizes.stored)
            try setInfo("bundleImportedAt", String(now.milliseconds))
            try setInfo("bundlePath", directory.path)
        }
        let elapsed = (ContinuousClock.now - start).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        return BundleImportReport(counts: counts, files: files.count, seconds: seconds)
    }

    static func bundleWatermarkKey(_ type: RecordType) -> String { "bundleWatermark.\(type.rawValue)" }

    /// Where a delta pull of `type` starts (nil: from the beginning). While the watermark is
    /// still the bundle's, the pull starts just after it: a server seeded from the same bundle
    /// holds exactly the bundle's records up to that time and stamps every later write after
    /// it, so re-reading the bundle's newest block (thousands of records saved at one time)
    /// would only confirm what is known. Otherwise it starts `overlapMs` before the watermark,
    /// to survive equal timestamps and index lag (DESIGN §6.4).
    public func deltaStart(for type: RecordType, overlapMs: Int64) throws -> Int64? {
        guard let watermark = try watermark(for: type) else { return nil }
        if let bundle = try info(Self.bundleWatermarkKey(type)).flatMap(Int64.init), bundle == watermark {
            return watermark + 1
        }
        return watermark - overlapMs
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as JSONParseError: return error.description
        case DecodingError.dataCorrupted(let context): return "invalid JSON (\(context.debugDescription))"
        case DecodingError.keyNotFound(let key, _): return "missing key '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context):
            return "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case let error as CocoaError where error.code == .fileReadNoSuchFile: return "file not found"
        default: return String(describing: error)
        }
    }
}
