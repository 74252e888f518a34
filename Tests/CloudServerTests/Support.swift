import CloudKitClient
import CloudKitSigning
import CloudKitWeb
import CloudServerProcess
import Foundation
import TestSupport
import Testing

/// A `Data/`-shaped fixture folder: a manifest and one records file per type, as the bundle
/// contract says, so tests do not depend on the real bundle's contents.
struct FixtureBundle {
    let directory: URL
    let records: [Record]

    /// The seeded modification time of every fixture record.
    static let seededMs: Int64 = 1_767_225_600_000

    /// `games` Game records `game_0000`… (modified at `seededMs`, tags `seed-N`) plus a few
    /// stadiums and teams.
    static func make(games: Int = 20) throws -> FixtureBundle {
        var records: [Record] = []
        for i in 0..<games {
            let home = ["team_mlb_hou", "team_mlb_tex", "team_mlb_sea"][i % 3]
            let away = ["team_mlb_nyy", "team_mlb_bos"][i % 2]
            records.append(
                Record(
                    recordName: String(format: "game_%04d", i), recordType: "Game", recordChangeTag: "seed-\(i)",
                    fields: [
                        "sport": .string("mlb"), "season": .string("2026"), "homeTeamId": .string(home),
                        "awayTeamId": .string(away), "startTime": .timestamp(1_774_555_800_000 + Int64(i) * 3_600_000),
                        "status": .string("scheduled"), "gameNumber": .int64(1), "schemaVersion": .int64(1),
                    ],
                    created: RecordStamp(timestamp: seededMs), modified: RecordStamp(timestamp: seededMs)))
        }
        for (id, name, sports) in [
            ("stadium_daikin_park", "Daikin Park", ["mlb"]), ("stadium_globe_life_field", "Globe Life Field", ["mlb"]),
            ("stadium_toyota_center", "Toyota Center", ["nba", "nhl"]),
        ] {
            records.append(
                Record(
                    recordName: id, recordType: "Stadium", recordChangeTag: "seed-\(id)",
                    fields: [
                        "name": .string(name), "city": .string("Houston"),
                        "sports": .list(.string, sports.map(FieldValue.string)),
                        "location": .location(Location(latitude: 29.75, longitude: -95.35)), "schemaVersion": .int64(1),
                    ],
                    modified: RecordStamp(timestamp: seededMs)))
        }
        return try write(records)
    }

    static func write(_ records: [Record]) throws -> FixtureBundle {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("records"), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var files: [[String: Any]] = []
        for (type, group) in Dictionary(grouping: records, by: { $0.recordType ?? "" }).sorted(by: { $0.key < $1.key })
        {
            let path = "records/\(type.lowercased()).json"
            try encoder.encode(RecordList(records: group)).write(to: directory.appendingPathComponent(path))
            files.append(["path": path, "recordType": type, "records": group.count])
        }
        let manifest = try JSONSerialization.data(
            withJSONObject: ["format": 1, "files": files], options: [.sortedKeys])
        try manifest.write(to: directory.appendingPathComponent("manifest.json"))
        return FixtureBundle(directory: directory, records: records)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// A server on a fixture bundle, stopped and cleaned up by `close()`.
struct TestServer {
    let process: CloudServerProcess
    let fixture: FixtureBundle?

    static func start(
        games: Int = 20, pageLimit: Int? = nil, arguments: [String] = [], fixture: FixtureBundle? = nil
    ) async throws -> TestServer {
        let bundle = try fixture ?? FixtureBundle.make(games: games)
        do {
            let process = try await CloudServerProcess.start(
                data: bundle.directory, pageLimit: pageLimit, extraArguments: arguments)
            return TestServer(process: process, fixture: bundle)
        } catch {
            bundle.remove()
            throw error
        }
    }

    func close() {
        process.stop()
        fixture?.remove()
    }

    /// Runs `trips-cloud ARGS` to the end, awaited (no pool thread is held), with a deadline.
    func tool(_ arguments: [String]) async throws -> WatchedProcess.Exit {
        try await Self.tool(process.executable, arguments)
    }

    static func tool(_ executable: URL, _ arguments: [String]) async throws -> WatchedProcess.Exit {
        try await WatchedProcess(executable, arguments).exit(within: .seconds(120))
    }

    /// `trips-cloud admin …` against this server.
    func admin(_ arguments: [String]) async throws -> WatchedProcess.Exit {
        try await tool(process.adminArguments(arguments))
    }

    /// Adds a user to the server's database; answers the web auth token.
    func addUser(_ name: String) async throws -> String {
        let result = try await tool(process.addUserArguments(name))
        #expect(result.status == 0, "user add \(name): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    var configuration: CloudConfiguration {
        CloudConfiguration(baseURL: process.url, container: process.container, apiToken: process.apiToken)
    }

    /// A client; its own URLSession, so its own connection. `publisher`: public requests are
    /// signed with the server key `CloudServerProcess` registered, as a publisher's are.
    func database(
        _ scope: DatabaseScope = .public, webAuthToken: String? = nil, publisher: Bool = false,
        retry: RetryPolicy = .never
    ) -> CloudDatabase {
        var configuration = configuration
        configuration.webAuthToken = webAuthToken
        if publisher { configuration.serverKey = process.serverKey }
        return CloudDatabase(
            configuration: configuration, scope: scope, transport: URLSessionTransport(timeout: 10), retryPolicy: retry)
    }

    /// A raw HTTP exchange (no client-side interpretation).
    func raw(
        _ method: String, _ path: String, query: String? = nil, headers: [String: String] = [:], body: String? = nil
    ) async throws -> HTTPResponse {
        var text = process.url.absoluteString + path
        if let query { text += "?" + query }
        return try await URLSessionTransport(timeout: 10).send(
            HTTPRequest(method: method, url: URL(string: text)!, headers: headers, body: body.map { Data($0.utf8) }))
    }

    /// The path of a database operation on this server's container.
    func path(_ scope: DatabaseScope, _ operation: String) -> String {
        "/database/1/\(process.container)/development/\(scope.rawValue)/\(operation)"
    }

    var apiQuery: String { "ckAPIToken=" + process.apiToken }

    var adminHeaders: [String: String] { ["X-Trips-Admin-Token": process.adminToken] }
}

/// Every page of a query, following markers.
func allRecords(_ database: CloudDatabase, _ query: Query, resultsLimit: Int? = nil) async throws -> [Record] {
    var records: [Record] = []
    for try await page in database.queryPages(query, resultsLimit: resultsLimit) { records += page.records }
    return records
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }

    var errorBody: ErrorResponse? { try? JSONDecoder().decode(ErrorResponse.self, from: body) }
}

/// The `serverErrorCode` of a thrown `CloudError`.
func code(of error: any Error) -> ServerErrorCode? { (error as? CloudError)?.serverErrorCode }

let allGames = Query(recordType: "Game", sortBy: QuerySort.byModification)

/// A server-to-server key made with `openssl` and registered with `trips-cloud key add`.
struct RegisteredKey {
    let key: ServerToServerKey
    let publicKey: URL
    let privateKey: URL
    /// What `key add` printed.
    let output: String
}

extension TestServer {
    /// Makes a P-256 key pair in the server's scratch folder and, unless `register` is false,
    /// registers its public half under `name`; the key id is the last line `key add` prints.
    func makeKey(_ name: String, register: Bool = true) async throws -> RegisteredKey {
        let pair = try await OpenSSLTool.makeKeyPair(in: process.directory, name: name)
        var keyID = try VerifyingKey(contentsOfFile: pair.publicKey.path).keyID
        var output = ""
        if register {
            let added = try await tool(["key", "add", name, pair.publicKey.path, "--db", process.databaseURL.path])
            #expect(added.status == 0, "key add \(name): \(added.stderr)")
            output = added.stdout
            keyID = try #require(added.stdout.split(separator: "\n").last.map(String.init))
        }
        return RegisteredKey(
            key: try ServerToServerKey(keyID: keyID, privateKeyFile: pair.privateKey.path), publicKey: pair.publicKey,
            privateKey: pair.privateKey, output: output)
    }

    /// A public-database client that signs with `key`, its dates from `date`.
    func signedDatabase(_ key: ServerToServerKey, date: @escaping @Sendable () -> Date = { Date() }) -> CloudDatabase {
        var configuration = configuration
        configuration.serverKey = key
        return CloudDatabase(
            configuration: configuration, scope: .public, transport: URLSessionTransport(timeout: 10),
            retryPolicy: .never, date: date)
    }
}

extension CloudServerProcess {
    /// The server-to-server key registered at start, read from its file.
    var serverKey: ServerToServerKey {
        // The file was written by openssl at start: a failure here is a broken test machine.
        try! ServerToServerKey(keyID: serverKeyID, privateKeyFile: serverPrivateKey.path)
    }
}
