import CloudKitClient
import CloudKitSigning
import CloudKitWeb
import CloudServerProcess
import Foundation

/// The cloud rows of `make bench`, all against a real `trips-cloud` process on loopback:
/// paging every Game of `Data/` (client decode included; target ≥ 20k records/s), small
/// queries per second, and the delta query at 10k vs 100k records (index-backed: flat).
enum CloudBench {
    static func run(_ context: BenchContext) async throws -> [BenchRow] {
        let binary = context.binaries.appendingPathComponent("trips-cloud")
        var rows: [BenchRow] = []
        let server = try await CloudServerProcess.start(
            data: context.dataDirectory, pageLimit: 200, extraArguments: ["--quiet"], executable: binary)
        defer { server.stop() }
        let db = try database(server)

        var games = 0
        var pages = 0
        let allGames = Query(recordType: "Game", filterBy: [.modified(since: 0)], sortBy: QuerySort.byModification)
        let paging = try await medianSeconds(runs: 5) {
            games = 0
            pages = 0
            for try await page in db.queryPages(allGames, resultsLimit: 200) {
                games += page.records.count
                pages += 1
            }
        }
        rows.append(
            BenchRow(
                name: "cloud: page all games from trips-cloud", median: Double(games) / paging, unit: "records/s",
                target: "≥ 20000", note: "\(games) games, \(pages) pages of 200, client decode included"))

        let small = Query(recordType: "Team", filterBy: [QueryFilter(.field("abbreviation"), .equals, .string("HOU"))])
        let requests = 300
        let smallSeconds = try await medianSeconds(runs: 5) {
            for _ in 0..<requests { _ = try await db.query(small, resultsLimit: 5) }
        }
        rows.append(
            BenchRow(
                name: "cloud: small queries (one connection)", median: Double(requests) / smallSeconds,
                unit: "requests/s", note: "Team by abbreviation, sequential"))

        var deltas: [Double] = []
        for size in [10_000, 100_000] {
            let delta = try await deltaQuery(records: size, context: context, binary: binary)
            deltas.append(delta)
            rows.append(
                BenchRow(
                    name: "cloud: delta query, 10 changes in \(size / 1000)k records", median: delta, unit: "ms",
                    note: size == 100_000
                        ? String(format: "%.2f× the 10k time (flat = index-backed)", delta / deltas[0]) : ""))
        }
        return rows
    }

    /// A client of `server`; a `publisher` signs its public requests with the server's key.
    private static func database(_ server: CloudServerProcess, publisher: Bool = false) throws -> CloudDatabase {
        CloudDatabase(
            configuration: CloudConfiguration(
                baseURL: server.url, container: server.container, apiToken: server.apiToken,
                serverKey: publisher
                    ? try ServerToServerKey(keyID: server.serverKeyID, privateKeyFile: server.serverPrivateKey.path)
                    : nil))
    }

    /// Seeds a server with `records` games, changes 10, and times the query for records
    /// modified since just before the change (median seconds).
    private static func deltaQuery(records: Int, context: BenchContext, binary: URL) async throws -> Double {
        let data = context.scratch.appendingPathComponent("cloud-\(records)")
        try writeBundle(games: records, to: data)
        let server = try await CloudServerProcess.start(
            data: data, extraArguments: ["--quiet"], executable: binary, timeout: 300)
        defer { server.stop() }
        let names = (0..<10).map { String(format: "game_%06d", $0 * (records / 10)) }
        let saved = try await database(server, publisher: true).modify(
            names.map {
                RecordOperation(
                    .forceUpdate, Record(recordName: $0, recordType: "Game", fields: ["status": .string("postponed")]))
            })
        let watermark = saved.compactMap { $0.value?.modified?.timestamp }.min() ?? 0
        let query = Query(recordType: "Game", filterBy: [.modified(since: watermark)], sortBy: QuerySort.byModification)
        let db = try database(server)
        return try await medianSeconds(runs: 31, warmup: 3) {
            let page = try await db.query(query)
            guard page.records.count == 10 else {
                throw CloudError.protocolViolation("delta returned \(page.records.count)")
            }
        }
    }

    /// A minimal bundle of `games` Game records, all modified at one bundle time.
    private static func writeBundle(games: Int, to directory: URL) throws {
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("records"), withIntermediateDirectories: true)
        var text = "{\"records\":[\n"
        text.reserveCapacity(games * 420)
        for i in 0..<games {
            let name = String(format: "game_%06d", i)
            text += i == 0 ? "" : ",\n"
            text += "{\"fields\":{\"awayTeamId\":{\"type\":\"STRING\",\"value\":\"team_mlb_nyy\"},"
            text +=
                "\"homeTeamId\":{\"type\":\"STRING\",\"value\":\"team_mlb_hou\"},\"season\":{\"type\":\"STRING\",\"value\":\"2026\"},"
            text +=
                "\"sport\":{\"type\":\"STRING\",\"value\":\"mlb\"},\"startTime\":{\"type\":\"TIMESTAMP\",\"value\":\(1_774_555_800_000 + Int64(i) * 60_000)},"
            text += "\"schemaVersion\":{\"type\":\"INT64\",\"value\":1}},\"modified\":{\"timestamp\":1767225600000},"
            text += "\"recordChangeTag\":\"b\(i)\",\"recordName\":\"\(name)\",\"recordType\":\"Game\"}"
        }
        text += "\n]}\n"
        try Data(text.utf8).write(to: directory.appendingPathComponent("records/games.json"))
        let manifest = #"{"files": [{"path": "records/games.json", "recordType": "Game", "records": \#(games)}]}"#
        try Data(manifest.utf8).write(to: directory.appendingPathComponent("manifest.json"))
    }
}
