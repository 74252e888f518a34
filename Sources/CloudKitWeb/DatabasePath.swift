/// `/database/1/{container}/{environment}/{database}/{operation}`: the one path shape of the
/// protocol, built by the client and parsed by the server.
public struct DatabasePath: Sendable, Hashable {
    public var container: String
    public var environment: String
    public var scope: DatabaseScope
    /// The path after the database segment (`records/query`); may name an operation this build
    /// does not know, which the server answers with `BAD_REQUEST`.
    public var operationName: String

    public init(container: String, environment: String, scope: DatabaseScope, operation: CloudOperation) {
        self.init(container: container, environment: environment, scope: scope, operationName: operation.rawValue)
    }

    public init(container: String, environment: String, scope: DatabaseScope, operationName: String) {
        self.container = container
        self.environment = environment
        self.scope = scope
        self.operationName = operationName
    }

    public var operation: CloudOperation? { CloudOperation(rawValue: operationName) }

    /// The path, without the query string.
    public var path: String { "/database/1/\(container)/\(environment)/\(scope.rawValue)/\(operationName)" }

    /// Parses a request path (no query string). Nil when it is not a database path at all;
    /// `scope` must be `public` or `private`.
    public init?(parsing path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 6, parts[0] == "database", parts[1] == "1",
            let scope = DatabaseScope(rawValue: String(parts[4]))
        else { return nil }
        self.init(
            container: String(parts[2]), environment: String(parts[3]), scope: scope,
            operationName: parts[5...].joined(separator: "/"))
    }
}
