import CloudKitSigning
import CloudKitWeb
import Foundation
import HTTPServer
import RecordSchema

/// Why the server could not start.
public enum ServeError: Error, Sendable, CustomStringConvertible {
    case noBundle(searched: [String])
    case database(String)
    case seed(String)
    case listen(String)
    case makeKey(String)

    public var description: String {
        switch self {
        case .noBundle(let searched):
            return
                "no Data/ bundle found (looked in: \(searched.joined(separator: ", "))); pass --data DIR or --no-data"
        case .database(let message): return "cannot open the database: \(message)"
        case .seed(let message): return "cannot seed the public database: \(message)"
        case .listen(let message): return message
        case .makeKey(let message): return "cannot make the server-to-server key: \(message)"
        }
    }
}

/// A running `trips-cloud`: store (seeded when new), service and HTTP listener.
public final class CloudServerInstance: Sendable {
    public let url: String
    public let settings: CloudService.Settings
    public let service: CloudService
    /// What seeding loaded, when this start seeded the database.
    public let seedReport: SeedReport?
    /// The id of the key `--make-key` made and registered.
    public let madeKeyID: String?
    private let server: HTTPServer

    public init(_ options: ServeOptions, log: (@Sendable (String) -> Void)? = nil) throws(ServeError) {
        let store: CloudStore
        do {
            if let path = options.databasePath { try DatabaseFile.makePrivate(path) }
            store = try CloudStore(path: options.databasePath)
        } catch {
            throw .database(String(describing: error))
        }
        let nowMs = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        var report: SeedReport?
        do {
            if !options.noData, try store.meta("seeded") == nil {
                let directory: URL
                if let explicit = options.dataDirectory {
                    directory = URL(fileURLWithPath: explicit)
                } else {
                    let search = DataBundleSearch()
                    guard let found = search.locate() else { throw ServeError.noBundle(searched: search.candidates) }
                    directory = found
                }
                report = try BundleSeeder.seed(store, from: directory, nowMs: nowMs)
            }
        } catch let error as ServeError {
            throw error
        } catch {
            throw .seed(String(describing: error))
        }
        seedReport = report
        do {
            madeKeyID = try options.makeKeyPath.map { try Self.makeKey(at: $0, in: store, nowMs: nowMs) }
        } catch {
            throw .makeKey(String(describing: error))
        }

        // Listen first: the service's settings need the port (its base URL), and are then fixed.
        do {
            server = try HTTPServer(host: options.host, port: options.port, limits: options.limits, log: log)
        } catch {
            throw .listen(error.description)
        }
        url = "http://\(options.host):\(server.port)"
        var settings = CloudService.Settings(
            apiToken: options.apiToken ?? Secret.generate(bytes: 16),
            adminToken: options.adminToken ?? Secret.generate(bytes: 16))
        settings.container = options.container
        settings.pageLimit = max(1, options.pageLimit)
        settings.baseURL = url
        settings.adminWrites = options.adminWrites
        self.settings = settings
        service = CloudService(store: store, settings: settings, faults: options.faults)
    }

    /// Makes a P-256 key pair, writes its private PEM to `path` (mode 0600, for its owner only)
    /// and registers the public half; answers the key id.
    private static func makeKey(at path: String, in store: CloudStore, nowMs: Int64) throws -> String {
        let key = try SigningKey.generate()
        let id = key.publicKey.keyID
        try? FileManager.default.removeItem(atPath: path)
        guard
            FileManager.default.createFile(
                atPath: path, contents: try key.pem(), attributes: [.posixPermissions: 0o600])
        else { throw ServeError.makeKey("cannot write \(path)") }
        return try store.addServerKey(name: "serve-" + id.prefix(12), key: key.publicKey, nowMs: nowMs)
    }

    public func start() { server.start(handler: service) }

    public func stop() { server.stop() }

    /// The one JSON line `serve` prints when it accepts connections.
    public var announcement: String { announcement(suppliedAdminToken: false) }

    /// The line, without the admin token when the operator supplied it (they have it already;
    /// echoed, it would land in logs and journals). A random one is printed: there is no other way
    /// to learn it.
    public func announcement(suppliedAdminToken: Bool) -> String {
        struct Line: Encodable {
            var url: String
            var container: String
            var apiToken: String
            var adminToken: String?
            var keyID: String?
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let line = Line(
            url: url, container: settings.container, apiToken: settings.apiToken,
            adminToken: suppliedAdminToken ? nil : settings.adminToken, keyID: madeKeyID)
        return String(decoding: (try? encoder.encode(line)) ?? Data(), as: UTF8.self)
    }
}
