import Foundation
import TestSupport
import Testing

@testable import CloudServer

/// The live record count a query's last page carries comes from `live_counts`, kept by every
/// write: it must always equal counting the rows, whatever mix of creates, replacements
/// (also of another type), tombstones, revivals and zone deletions came before.
@Suite struct LiveCountTests {
    static func counted(_ store: CloudStore, owner: Int64, zone: String, type: String) throws -> Int {
        try store.db.row(
            "SELECT count(*) FROM records WHERE owner = ? AND zone = ? AND type = ? AND deleted = 0",
            [.int(owner), .text(zone), .text(type)]
        ) { $0.int(0) } ?? 0
    }

    @Test(arguments: TestSeed.cases(0..<8, short: 8))
    func theKeptCountAlwaysEqualsCountingTheRows(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed))
        let store = try CloudStore()
        let owners: [Int64] = [0, 7]
        let zones = ["_defaultZone", "UserData"]
        let types = ["Game", "Team", "Stadium"]
        for step in 0..<400 {
            let owner = owners.randomElement(using: &rng)!
            let zone = zones.randomElement(using: &rng)!
            if Int.random(in: 0..<60, using: &rng) == 0 {
                try store.db.transaction { try store.deleteZone(owner: owner, zone: zone) }
            } else {
                let record = StoredRecord(
                    zone: zone, name: "r\(Int.random(in: 0..<25, using: &rng))",
                    type: types.randomElement(using: &rng)!,
                    tag: "t\(step)", createdMs: 1, createdBy: nil, modifiedMs: Int64(step), modifiedBy: nil,
                    deleted: Int.random(in: 0..<4, using: &rng) == 0, fields: "{}", seq: Int64(step))
                try store.db.transaction { try store.put(owner: owner, record, deprecated: false) }
            }
            for owner in owners {
                for zone in zones {
                    for type in types {
                        let kept = try store.liveRecordCount(owner: owner, zone: zone, type: type)
                        let rows = try Self.counted(store, owner: owner, zone: zone, type: type)
                        #expect(kept == rows, "seed \(seed) step \(step): \(owner) \(zone) \(type)")
                        if kept != rows { return }
                    }
                }
            }
        }
    }
}
