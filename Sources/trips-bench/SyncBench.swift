import CloudKitClient
import CloudServerProcess
import Foundation
import TripsModel
import TripsStore
import TripsSync

/// Suite `sync`: the canonical pull against a local `trips-cloud` (release binaries).
/// - Full sync of `Data/` into a store without bundle: records/s (target ≥ 20k).
/// - Delta sync of 10 changed games against a server holding ~10k vs ~100k records, each with
///   a client bootstrapped from the server's bundle: medians and their ratio (target ≤ 1.5×),
///   i.e. a delta costs what changed, not what exists.
enum SyncBench {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ context: BenchContext) async throws -> [BenchRow] {
        let cloud = context.binaries.appendingPathComponent("trips-cloud")
        var rows: [BenchRow] = []

        let server = try await CloudServerProcess.start(data: context.dataDirectory, executable: cloud)
        defer { server.stop() }
        var received = 0
        var run = 0
        let full = try await medianSeconds(runs: 5) {
            run += 1
            let store = try CanonicalStore(
                location: .file(context.scratch.appendingPathComponent("full-\(run).sqlite").path))
            let result = await pull(store, from: server, full: true)
            received = result.types.reduce(0) { $0 + $1.records }
        }
        server.stop()
        rows.append(
            BenchRow(
                name: "full sync from local trips-cloud", median: Double(received) / full, unit: "records/s",
                target: "≥ 20000",
                note: "\(received) records in \(String(format: "%.0f", full * 1000)) ms, pages of 200"))

        let small = try await delta(bundle: context.dataDirectory, context: context, cloud: cloud)
        let big = try await delta(
            bundle: try largeBundle(context, total: 100_000), context: context, cloud: cloud)
        rows.append(
            BenchRow(
                name: "delta sync, 10 changes, \(small.records / 1000)k records", median: small.seconds, unit: "ms",
                note: "\(small.changed) changed"))
        rows.append(
            BenchRow(
                name: "delta sync, 10 changes, \(big.records / 1000)k records", median: big.seconds, unit: "ms",
                note: "\(big.changed) changed"))
        rows.append(
            BenchRow(
                name: "  ratio \(big.records / 1000)k / \(small.records / 1000)k",
                median: big.seconds / small.seconds * 100,
                unit: "%", target: "≤ 150 %"))
        return rows
    }

    private static func pull(_ store: CanonicalStore, from server: CloudServerProcess, full: Bool = false) async
        -> SyncResult
    {
        let configuration = CloudConfiguration(
            baseURL: server.url, container: server.container, apiToken: server.apiToken)
        let sync = CanonicalSync(
            store: store, source: CloudRecordSource(database: CloudDatabase(configuration: configuration)),
            options: CanonicalSyncOptions(full: full))
        return await sync.run()
    }

    /// Median seconds of a delta sync after `trips-cloud admin touch Game 10`, against a server
    /// seeded from `bundle` and a client bootstrapped from it.
    private static func delta(bundle: URL, context: BenchContext, cloud: URL) async throws
        -> (seconds: Double, records: Int, changed: Int)
    {
        let server = try await CloudServerProcess.start(data: bundle, executable: cloud)
        defer { server.stop() }
        let store = try CanonicalStore(
            location: .file(context.scratch.appendingPathComponent("delta-\(UUID().uuidString).sqlite").path))
        try store.importBundle(at: bundle)
        let records = try RecordType.allCases.reduce(0) { $0 + (try store.liveCount($1)) }
        // The first sync after bootstrap re-reads the bundle's newest timestamps (the overlap).
        try touch(server)
        _ = await pull(store, from: server)
        var samples: [Double] = []
        var changed = 0
        for _ in 0..<9 {
            try touch(server)
            let start = DispatchTime.now().uptimeNanoseconds
            let result = await pull(store, from: server)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            guard result.succeeded else { throw Failed(description: "delta sync failed: \(result.errors)") }
            changed = result.changed
        }
        return (samples.sorted()[samples.count / 2], records, changed)
    }

    private static func touch(_ server: CloudServerProcess) throws {
        let result = try server.admin(["touch", "Game", "10"])
        guard result.status == 0 else { throw Failed(description: "admin touch failed: \(result.stderr)") }
    }

    /// `Data/` plus synthetic games (copies of MLB 2026 games under new names) up to `total`
    /// records, with a manifest to match.
    private static func largeBundle(_ context: BenchContext, total: Int) throws -> URL {
        let source = context.dataDirectory
        let out = context.scratch.appendingPathComponent("data-\(total)")
        try? FileManager.default.removeItem(at: out)
        try FileManager.default.copyItem(at: source, to: out)
        let manifestURL = out.appendingPathComponent("manifest.json")
        guard var manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any],
            var files = manifest["files"] as? [[String: Any]],
            var types = manifest["recordTypes"] as? [String: [String: Any]]
        else { throw Failed(description: "unexpected manifest shape") }
        let existing = files.reduce(0) { $0 + ($1["records"] as? Int ?? 0) }
        let wanted = max(0, total - existing)
        let template = try String(
            contentsOf: source.appendingPathComponent("records/games-mlb-2026.json"), encoding: .utf8
        )
        .split(separator: "\n").filter { $0.hasPrefix("{\"created\"") || $0.hasPrefix("{\"fields\"") }
        .map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
        guard !template.isEmpty else { throw Failed(description: "no games to copy") }
        var lines: [String] = []
        lines.reserveCapacity(wanted)
        for i in 0..<wanted {
            let line = template[i % template.count]
            guard let name = line.range(of: #""recordName":"[^"]*""#, options: .regularExpression) else { continue }
            lines.append(line.replacingCharacters(in: name, with: "\"recordName\":\"game_synthetic_\(i)\""))
        }
        let path = "records/games-synthetic.json"
        try Data(("{\"records\":[\n" + lines.joined(separator: ",\n") + "\n]}\n").utf8)
            .write(to: out.appendingPathComponent(path))
        files.append(["path": path, "recordType": "Game", "records": lines.count])
        var game = types["Game"] ?? [:]
        game["records"] = (game["records"] as? Int ?? 0) + lines.count
        types["Game"] = game
        manifest["files"] = files
        manifest["recordTypes"] = types
        try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(to: manifestURL)
        return out
    }
}
