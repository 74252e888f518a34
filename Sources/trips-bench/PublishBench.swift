import CloudKitClient
import CloudServerProcess
import Foundation
import TripsStore
import TripsSync

/// Suite `publish`: `trips-cloud publish --db` as a user runs it (the release executable, a
/// child process, the server's database file written in-process), on a cloud holding the bundle's
/// teams and venues and the MLB 2025 schedule as published (`../shared/data/feeds`):
/// - the as-played file's diff (target ≤ 2 s), then the same file again, a no-change publish
///   (target ≤ 0.5 s);
/// - a client's delta sync after the as-played publish, from a store synced before it (the
///   in-process pull `trips sync` runs, against `trips-cloud serve` over that file).
/// Each run starts from a fresh copy of the as-published database.
enum PublishBench {
    static func run(_ context: BenchContext) async throws -> [BenchRow] {
        let cloud = context.binaries.appendingPathComponent("trips-cloud")
        let feeds = context.root.deletingLastPathComponent().appendingPathComponent("shared/data/feeds/mlb")
        let published = feeds.appendingPathComponent("mlb_schedule_2025_as_published_2024-11-29.json").path
        let played = feeds.appendingPathComponent("mlb_schedule_2025.json").path
        let bundle = try gamelessBundle(context)

        // The as-published cloud, made once: a seeded database file, then the first publish.
        let base = context.scratch.appendingPathComponent("publish-base.sqlite")
        try await CloudServerProcess.start(data: bundle, extraArguments: ["--quiet"], database: base, executable: cloud)
            .stop()
        try publish(cloud, published, base)

        var diff: [Double] = []
        var noChange: [Double] = []
        var delta: [Double] = []
        var changed = 0
        for run in 0..<5 {
            let db = context.scratch.appendingPathComponent("publish-\(run).sqlite")
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: base.path + suffix) {
                try FileManager.default.copyItem(
                    at: URL(fileURLWithPath: base.path + suffix), to: URL(fileURLWithPath: db.path + suffix))
            }
            let store = try CanonicalStore(
                location: .file(context.scratch.appendingPathComponent("publish-client-\(run).sqlite").path))
            try store.importBundle(at: bundle)
            let before = try await CloudServerProcess.start(
                data: bundle, extraArguments: ["--quiet"], database: db, executable: cloud)
            let first = await pull(store, from: before)
            before.stop()
            guard first.succeeded else { throw BenchError("sync before the publish failed: \(first.errors)") }

            diff.append(try publish(cloud, played, db))
            noChange.append(try publish(cloud, played, db))

            let after = try await CloudServerProcess.start(
                data: bundle, extraArguments: ["--quiet"], database: db, executable: cloud)
            defer { after.stop() }
            let start = DispatchTime.now().uptimeNanoseconds
            let result = await pull(store, from: after)
            delta.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            guard result.succeeded else { throw BenchError("delta sync failed: \(result.errors)") }
            changed = result.changed
        }
        let median = { (samples: [Double]) in samples.sorted()[samples.count / 2] }
        return [
            BenchRow(
                name: "publish: MLB 2025 as-played diff (--db)", median: median(diff), unit: "s", target: "≤ 2 s",
                note: "onto the as-published file; whole process"),
            BenchRow(
                name: "publish: no-change publish (--db)", median: median(noChange), unit: "s", target: "≤ 0.5 s",
                note: "the as-played file again"),
            BenchRow(
                name: "publish: client delta sync after it", median: median(delta), unit: "ms",
                note: String(format: "%d changed, %.0f records/s", changed, Double(changed) / median(delta))),
        ]
    }

    /// Wall seconds of `trips-cloud publish --feed mlb-statsapi=FEED --db DB`.
    @discardableResult
    private static func publish(_ cloud: URL, _ feed: String, _ db: URL) throws -> Double {
        let run = try ChildProcess.run(cloud.path, ["publish", "--feed", "mlb-statsapi=\(feed)", "--db", db.path])
        guard run.status == 0 else { throw BenchError("publish \(feed) exited \(run.status)") }
        return run.seconds
    }

    private static func pull(_ store: CanonicalStore, from server: CloudServerProcess) async -> SyncResult {
        let configuration = CloudConfiguration(
            baseURL: server.url, container: server.container, apiToken: server.apiToken)
        return await CanonicalSync(
            store: store, source: CloudRecordSource(database: CloudDatabase(configuration: configuration)),
            options: CanonicalSyncOptions()
        ).run()
    }

    /// `Data/` without its game files: the teams and venues a feed's games are filed under.
    private static func gamelessBundle(_ context: BenchContext) throws -> URL {
        let out = context.scratch.appendingPathComponent("publish-bundle")
        try FileManager.default.copyItem(at: context.dataDirectory, to: out)
        let manifestURL = out.appendingPathComponent("manifest.json")
        guard var manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any],
            let files = manifest["files"] as? [[String: Any]]
        else { throw BenchError("unexpected manifest shape") }
        for file in files where file["recordType"] as? String == "Game" {
            try FileManager.default.removeItem(at: out.appendingPathComponent(file["path"] as? String ?? ""))
        }
        manifest["files"] = files.filter { $0["recordType"] as? String != "Game" }
        var types = manifest["recordTypes"] as? [String: Any] ?? [:]
        types["Game"] = ["records": 0, "watermark": 0]
        manifest["recordTypes"] = types
        try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(to: manifestURL)
        return out
    }
}
