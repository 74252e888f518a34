import CloudKitWeb
import HTTPServer

/// Everything `trips-cloud serve` can be told.
public struct ServeOptions: Sendable {
    public var host = "127.0.0.1"
    public var port: UInt16 = 0
    /// The SQLite file; nil keeps everything in memory for the life of the process.
    public var databasePath: String?
    /// The bundle to seed a new database from; nil: located as DESIGN §4 says.
    public var dataDirectory: String?
    /// Start with an empty public database.
    public var noData = false
    public var container = "iCloud.trips.local"
    /// Generated when not given.
    public var apiToken: String?
    public var adminToken: String?
    public var pageLimit = ProtocolLimits.recordsPerResponse
    /// The HTTP layer's, with bodies of at most `ProtocolLimits.requestBytes` (413 beyond).
    public var limits: HTTPServer.Limits = {
        var limits = HTTPServer.Limits()
        limits.maxBodyBytes = ProtocolLimits.requestBytes
        return limits
    }()
    public var faults = FaultPlan.none
    /// No request log on stderr.
    public var quiet = false
    /// The admin token may write the public database too (development only).
    public var adminWrites = false
    /// Make a server-to-server key at start: its private PEM goes to this file, its public half
    /// is registered and its id announced (development servers and tests).
    public var makeKeyPath: String?

    public init() {}
}
