import CloudKitWeb
import Foundation
import Publisher
import Synchronization

/// A public database in memory with CloudKit's modify rules the publisher relies on: `create`
/// fails on a taken name, `update`/`replace` on a stale change tag, and an atomic batch with a
/// failure writes nothing.
final class MemoryDatabase: PublicDatabase {
    private let state = Mutex<(records: [String: Record], tag: Int, batches: Int)>(([:], 0, 0))

    init(_ records: [Record]) {
        state.withLock { s in
            for r in records { s.records[r.recordName] = r }
        }
    }

    var all: [Record] { state.withLock { Array($0.records.values) } }
    var batches: Int { state.withLock { $0.batches } }

    func records(ofType recordType: String) async throws -> [Record] {
        state.withLock {
            $0.records.values.filter { $0.recordType == recordType }.sorted { $0.recordName < $1.recordName }
        }
    }

    func modifyAtomically(_ operations: [RecordOperation]) async throws -> [ItemResult<Record>] {
        state.withLock { s in
            var next = s.records
            var results: [ItemResult<Record>] = []
            var failed = false
            for op in operations {
                let name = op.record.recordName
                let live = next[name]
                var record = op.record
                switch op.operationType {
                case .create where live != nil:
                    failed = true
                    results.append(.failure(ItemError(recordName: name, serverErrorCode: .conflict, reason: "exists")))
                    continue
                case .update, .replace:
                    guard let live, live.recordChangeTag == op.record.recordChangeTag else {
                        failed = true
                        results.append(.failure(ItemError(recordName: name, serverErrorCode: .conflict, reason: "tag")))
                        continue
                    }
                    if op.operationType == .update { record.fields = live.fields.merging(op.record.fields) { $1 } }
                default: break
                }
                s.tag += 1
                record.recordChangeTag = "t\(s.tag)"
                record.modified = RecordStamp(timestamp: Int64(s.tag))
                next[name] = record
                results.append(.success(record))
            }
            if !failed {
                s.records = next
                s.batches += 1
            }
            return results
        }
    }
}
