import CloudKitWeb
import Foundation
import Testing

@testable import CloudServer

/// The delta query must cost the same at 10k and 100k records: SQLite must answer it from the
/// `(owner, zone, type, modified_ms, name)` index, seeking to the watermark (or the marker)
/// with no scan and no sort step. Checked on the query plan, not on a stopwatch.
@Suite struct QueryIndexTests {
    func plan(marker: [JSONValue]?, sortBy: [QuerySort] = QuerySort.byModification) throws -> [String] {
        let store = try CloudStore()
        let query = Query(recordType: "Game", filterBy: [.modified(since: 1_767_225_600_000)], sortBy: sortBy)
        var request = QueryRequest(query: query)
        if let marker {
            request.continuationMarker =
                ContinuationMarker(
                    fingerprint: ContinuationMarker.fingerprint(of: query, zone: "_defaultZone"), keys: marker
                ).encoded
        }
        let plan = try QueryPlan(
            owner: 0, zone: "_defaultZone", request: request, limit: 200, visibleUntilMs: nil,
            fieldsExpression: "fields")
        return try store.db.rows("EXPLAIN QUERY PLAN " + plan.sql, plan.binds) { $0.string(3) }
    }

    @Test func theFirstPageSeeksTheModificationIndex() throws {
        let steps = try plan(marker: nil)
        #expect(
            steps.contains { $0.contains("USING INDEX records_by_modification") && $0.contains("modified_ms>?") },
            "\(steps)")
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
    }

    @Test func laterPagesSeekPastTheMarker() throws {
        let steps = try plan(marker: [.int(1_767_225_600_500), .string("game_0042")])
        #expect(
            steps.contains {
                $0.contains("USING INDEX records_by_modification") && $0.contains("(modified_ms,name)>(?,?)")
            }, "\(steps)")
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
    }
}
