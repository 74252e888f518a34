import CloudKitClient
import CloudKitWeb
import Foundation
import TestSupport
import Testing

/// Keyset paging while another connection keeps writing: every record is seen at least once,
/// and every record that was not modified meanwhile exactly once.
@Suite struct PagingUnderWritesTests {
    @Test(arguments: [1, 7, 200])
    func pagingNeverSkipsWhileRecordsChange(pageLimit: Int) async throws {
        let server = try await TestServer.start(games: 1000, pageLimit: pageLimit)
        defer { server.close() }
        let reader = server.database()
        let writer = server.database(publisher: true)  // a second client: its own connection
        // Seeded victims (replay a failure with TRIPS_TEST_SEED=<seed>).
        let seed = TestSeed.draw()
        var generator = SeededGenerator(seed: seed)
        let all = (0..<1000).map { String(format: "game_%04d", $0) }

        var seen: [String: Int] = [:]
        var modified = Set<String>()
        var pages = 0
        for try await page in reader.queryPages(allGames) {
            pages += 1
            for record in page.records { seen[record.recordName, default: 0] += 1 }
            // Between pages, the other connection re-saves a few records: some already read,
            // some not yet (fewer writes for page limit 1, which has 1,000 pages).
            guard pageLimit > 1 || pages % 10 == 0 else { continue }
            let victims = (0..<3).map { _ in all.randomElement(using: &generator)! }
            let results = try await writer.modify(
                victims.map {
                    RecordOperation(
                        .forceUpdate,
                        Record(recordName: $0, recordType: "Game", fields: ["touched": .int64(Int64(pages))]))
                })
            #expect(results.allSatisfy { $0.value != nil })
            modified.formUnion(victims)
        }
        #expect(!modified.isEmpty)
        let missing = all.filter { seen[$0] == nil }
        #expect(missing.isEmpty, "seed \(seed): never returned: \(missing.prefix(10))")
        let repeatedUnmodified = all.filter { !modified.contains($0) && seen[$0] != 1 }
        #expect(
            repeatedUnmodified.isEmpty, "seed \(seed): unmodified but returned \(repeatedUnmodified.count) times wrong")
        #expect(Set(seen.keys) == Set(all))
    }
}
