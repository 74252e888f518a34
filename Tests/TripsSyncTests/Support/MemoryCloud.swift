import CloudKitClient
import CloudKitWeb
import Foundation
import RecordSchema
import TripsModel
import TripsRecords
import TripsSync

/// An in-memory public database for pull tests: server-assigned, strictly increasing
/// timestamps and fresh change tags on every save, queries sorted by (modified, name), and
/// continuation markers that are either keysets (like trips-cloud) or offsets (like Apple,
/// which re-runs the query and skips N). Steps scripted per request number inject failures,
/// edits and cancellations at exact points.
actor MemoryCloud: CanonicalRecordSource {
    enum Paging { case keyset, offset }

    /// What happens on a given request (1-based), before it is answered.
    enum Step: Sendable {
        /// Fail the request.
        case fail(CloudError)
        /// Save these records again (new timestamps and tags) before answering.
        case touch([String])
        /// Cancel the syncing task, then answer normally: the page arrives after the cancel.
        case cancelCallerThenAnswer
        /// Cancel the syncing task and abandon the request.
        case cancelCallerAndAbandon
        /// Answer with these malformed entries added to the page.
        case addMalformed([MalformedRecord])
    }

    struct Request: Sendable, Hashable {
        var type: RecordType
        var modifiedSince: Int64?
        var continuation: String?
    }

    private(set) var records: [String: Record] = [:]
    private(set) var requests: [Request] = []
    private var steps: [Int: Step] = [:]
    private var clockMs: Int64
    private var tags = 0
    let paging: Paging

    init(paging: Paging = .keyset, startMs: Int64 = 1_800_000_000_000) {
        self.paging = paging
        clockMs = startMs
    }

    /// The task running the sync (what a signal handler would cancel).
    private var caller: Task<SyncResult, Never>?

    func script(_ steps: [Int: Step]) { self.steps = steps }

    func attach(_ task: Task<SyncResult, Never>) { caller = task }

    /// Saves records, each with its own new timestamp (or all with one, like a batch save).
    @discardableResult
    func save(_ entities: [CanonicalEntity], oneTimestamp: Bool = false, deprecated: Bool = false) -> [Record] {
        var saved: [Record] = []
        if oneTimestamp { clockMs += 1 }
        for entity in entities {
            if !oneTimestamp { clockMs += 1 }
            tags += 1
            let meta = RecordMetadata(
                changeTag: "c\(tags)", modifiedMs: clockMs, deprecatedAtMs: deprecated ? clockMs : nil)
            let record = CanonicalRecord(entity, meta: meta).record
            records[record.recordName] = record
            saved.append(record)
        }
        return saved
    }

    /// Stores a raw record as is (e.g. one a newer client wrote), with a server timestamp.
    func saveRaw(_ record: Record) {
        clockMs += 1
        tags += 1
        var stored = record
        stored.recordChangeTag = "c\(tags)"
        stored.modified = RecordStamp(timestamp: clockMs)
        records[record.recordName] = stored
    }

    func delete(_ name: String) { records[name] = nil }

    func newest(_ type: RecordType) -> Int64? {
        records.values.filter { $0.recordType == type.rawValue }.compactMap(\.modified?.timestamp).max()
    }

    /// The convergence checksum of the live records (as `trips-cloud checksum`).
    func checksumLines() -> [String] {
        RecordChecksum.lines(
            records.values.filter { $0.fields[CommonFields.deprecatedAt.name] == nil }.map {
                RecordChecksum.Entry(
                    recordType: $0.recordType ?? "", recordName: $0.recordName, changeTag: $0.recordChangeTag ?? "")
            })
    }

    func page(of type: RecordType, modifiedSince: Int64?, limit: Int, continuation: String?) async throws(CloudError)
        -> RecordPage
    {
        requests.append(Request(type: type, modifiedSince: modifiedSince, continuation: continuation))
        var extra: [MalformedRecord] = []
        switch steps[requests.count] {
        case .fail(let error)?: throw error
        case .touch(let names)?:
            for name in names {
                if let record = records[name], let entity = try? CanonicalRecord(record: record).entity {
                    save([entity])
                }
            }
        case .cancelCallerThenAnswer?: caller?.cancel()
        case .cancelCallerAndAbandon?:
            caller?.cancel()
            throw .cancelled
        case .addMalformed(let bad)?: extra = bad
        case nil: break
        }
        let matching = records.values
            .filter { record in
                record.recordType == type.rawValue && modifiedSince.map { record.modified!.timestamp >= $0 } ?? true
            }
            .sorted { ($0.modified!.timestamp, $0.recordName) < ($1.modified!.timestamp, $1.recordName) }
        let rest: ArraySlice<Record>
        switch (paging, continuation) {
        case (_, nil): rest = matching[...]
        case (.offset, let marker?): rest = matching.dropFirst(Int(marker.dropFirst(2))!)
        case (.keyset, let marker?):
            let parts = marker.split(separator: ":", maxSplits: 2)
            let key = (Int64(parts[1])!, String(parts[2]))
            rest = matching.drop { ($0.modified!.timestamp, $0.recordName) <= key }
        }
        let page = Array(rest.prefix(limit))
        var marker: String?
        if rest.count > limit, let last = page.last {
            switch paging {
            case .keyset: marker = "k:\(last.modified!.timestamp):\(last.recordName)"
            case .offset: marker = "o:\(matching.count - rest.count + page.count)"
            }
        }
        return RecordPage(records: page, malformed: extra, continuationMarker: marker)
    }
}
