import CloudKitClient
import CloudKitSigning
import CloudKitWeb
import CloudServerProcess
import Foundation
import TestSupport
import Testing
import TripsModel
import TripsStore
import TripsSync

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `trips-cloud` process for sync tests, with its admin endpoints (faults, checksum)
/// and a client that retries fast.
struct LiveCloud {
    let server: CloudServerProcess

    static func start(data: URL = FixtureBundle.directory, pageLimit: Int? = nil) async throws -> LiveCloud {
        LiveCloud(server: try await CloudServerProcess.start(data: data, pageLimit: pageLimit))
    }

    func stop() { server.stop() }

    var configuration: CloudConfiguration {
        CloudConfiguration(baseURL: server.url, container: server.container, apiToken: server.apiToken)
    }

    /// Retries quickly (tests must not wait seconds on backoff), honouring `retryAfter`.
    static let fastRetries = RetryPolicy(
        maxAttempts: 12, deadline: 60, baseDelay: 0.005, maxDelay: 0.05, maxRetryAfter: 2)

    func database(
        retryPolicy: RetryPolicy = LiveCloud.fastRetries, clock: any RetryClock = SystemRetryClock(),
        log: (@Sendable (String) -> Void)? = nil
    ) -> CloudDatabase {
        CloudDatabase(configuration: configuration, retryPolicy: retryPolicy, clock: clock, log: log)
    }

    /// One pull of `store` from this server.
    func sync(
        _ store: CanonicalStore, pageSize: Int = 50, full: Bool = false, source: (any CanonicalRecordSource)? = nil
    ) async -> SyncResult {
        let options = CanonicalSyncOptions(pageSize: pageSize, full: full, cloudIdentity: server.url.absoluteString)
        return await World.run(
            CanonicalSync(store: store, source: source ?? CloudRecordSource(database: database()), options: options))
    }

    // MARK: Admin endpoints

    /// The server's convergence checksum lines.
    func checksumLines() async throws -> [String] {
        let (data, _) = try await request("GET", "/_admin/checksum")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Replaces the fault plan (`{"errorRate": …}`); `nil` clears it.
    func setFaults(_ json: String?) async throws {
        let (data, status) = try await request(json == nil ? "DELETE" : "POST", "/_admin/faults", body: json)
        #expect(status == 200, "faults: \(String(decoding: data, as: UTF8.self))")
    }

    /// `records/query` requests the server has answered so far (from its request log).
    var queriesServed: Int {
        server.log.split(separator: "\n").filter { $0.contains("/records/query ") }.count
    }

    /// How many faults of each kind the server injected since the plan was set.
    func injectedFaults() async throws -> [String: Int] {
        struct Status: Decodable { var injected: [String: Int] }
        let (data, _) = try await request("GET", "/_admin/faults")
        return try JSONDecoder().decode(Status.self, from: data).injected
    }

    /// `trips-cloud admin …` against this server, awaited; fails the test when it fails.
    @discardableResult
    func admin(_ arguments: String...) async throws -> String {
        let result = try await WatchedProcess(server.executable, server.adminArguments(arguments)).exit()
        #expect(result.status == 0, "admin \(arguments): \(result.stderr)")
        return result.stdout
    }

    /// Adds a user to the server's database (`trips-cloud user add`); answers the web auth token.
    func addUser(_ name: String) async throws -> String {
        let result = try await WatchedProcess(server.executable, server.addUserArguments(name)).exit()
        #expect(result.status == 0, "user add \(name): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The configuration of a publisher: public requests signed with the server-to-server key
    /// `CloudServerProcess` registered.
    var publisherConfiguration: CloudConfiguration {
        get throws {
            var configuration = self.configuration
            configuration.serverKey = try ServerToServerKey(
                keyID: server.serverKeyID, privateKeyFile: server.serverPrivateKey.path)
            return configuration
        }
    }

    /// Saves records through the public `records/modify`, signed as a publisher (no checks).
    func forceSave(_ records: [Record]) async throws {
        let database = CloudDatabase(configuration: try publisherConfiguration, retryPolicy: LiveCloud.fastRetries)
        let results = try await database.modify(records.map { RecordOperation(.forceReplace, $0) }, atomic: false)
        #expect(results.allSatisfy { $0.value != nil }, "modify: \(results)")
    }

    private func request(_ method: String, _ path: String, body: String? = nil) async throws -> (Data, Int) {
        var request = URLRequest(url: server.url.appendingPathComponent(path))
        request.httpMethod = method
        request.setValue(server.adminToken, forHTTPHeaderField: "X-Trips-Admin-Token")
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
}

extension CanonicalStore {
    /// A store file bootstrapped from `bundle` (nil: empty, no bundle watermarks).
    static func temporary(bundle: URL?) throws -> (CanonicalStore, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trips-sync-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try CanonicalStore(location: .file(folder.appendingPathComponent("trips.sqlite").path))
        if let bundle { try store.importBundle(at: bundle) }
        return (store, folder)
    }
}
