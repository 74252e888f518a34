import CloudKitClient
import CloudServerProcess
import Foundation
import TripsStore
import TripsSync

/// Suite `userdata`: two-way sync of user data against a local `trips-cloud` (issue 12).
/// - Export of 1,000 outbox entries (one `trips sync` of a device with 1,000 local edits; the
///   run also reads its own 1,000 changes back). Target ≤ 1 s.
/// - Import of 1,000 changes into a fresh device. Target ≤ 1 s.
/// - Round trip: an edit on A is visible on B after A and B sync. Target ≤ 200 ms.
enum UserDataBench {
    static func run(_ context: BenchContext) async throws -> [BenchRow] {
        let server = try await CloudServerProcess.start(
            data: context.dataDirectory, executable: context.binaries.appendingPathComponent("trips-cloud"))
        defer { server.stop() }
        var exports: [Double] = []
        var imports: [Double] = []
        for run in 0..<3 {
            let token = try await server.addUser("bench-\(run)")
            let a = try device(server, token: token)
            for i in 0..<1_000 {
                try a.store.editUserRecord(
                    "trip_\(i)", type: .savedTrip,
                    set: ["name": "Trip \(i)", "notes": "note \(i)", "games": "game_a,game_b,game_c"], device: "a",
                    nowMs: 1_000 + Int64(i))
            }
            exports.append(try await timed { try check(await a.sync.run(), exported: 1_000) })
            let b = try device(server, token: token)
            imports.append(try await timed { try check(await b.sync.run(), imported: 1_000) })
        }
        let token = try await server.addUser("bench-round-trip")
        let a = try device(server, token: token)
        let b = try device(server, token: token)
        _ = await a.sync.run()
        _ = await b.sync.run()
        var edit: Int64 = 10_000
        let roundTrip = try await medianSeconds(runs: 9) {
            edit += 1
            try a.store.editUserRecord(
                "trip_round", type: .savedTrip, set: ["notes": "edit \(edit)"], device: "a", nowMs: edit)
            _ = await a.sync.run()
            _ = await b.sync.run()
            guard try b.store.userRecord(named: "trip_round")?.fields["notes"] == "edit \(edit)" else {
                throw SyncBench.Failed(description: "the edit did not reach B")
            }
        }
        return [
            BenchRow(
                name: "user data: export 1,000 outbox entries", median: median(exports), unit: "ms",
                target: "≤ 1000", note: "one sync of A (5 modify batches + its echo)"),
            BenchRow(
                name: "user data: import 1,000 changes", median: median(imports), unit: "ms",
                target: "≤ 1000", note: "a fresh B, changes/zone pages of 200"),
            BenchRow(
                name: "user data: edit on A visible on B", median: roundTrip, unit: "ms", target: "≤ 200",
                note: "A sync + B sync on loopback"),
        ]
    }

    struct Device {
        var store: CanonicalStore
        var sync: UserDataSync
    }

    static func device(_ server: CloudServerProcess, token: String) throws -> Device {
        let store = try CanonicalStore(location: .memory)
        let configuration = CloudConfiguration(
            baseURL: server.url, container: server.container, apiToken: server.apiToken, webAuthToken: token)
        return Device(
            store: store, sync: UserDataSync(store: store, database: CloudDatabase(configuration: configuration)))
    }

    static func check(_ result: UserDataSyncResult, exported: Int? = nil, imported: Int? = nil) throws {
        guard result.errors.isEmpty, exported.map({ $0 == result.exported }) ?? true,
            imported.map({ $0 == result.imported }) ?? true
        else { throw SyncBench.Failed(description: "user data sync: \(result)") }
    }

    static func timed(_ body: () async throws -> Void) async rethrows -> Double {
        let start = ContinuousClock.now
        try await body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
