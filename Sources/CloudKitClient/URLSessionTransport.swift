import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real transport: an ephemeral `URLSession` (one keep-alive connection per host, no
/// cookies or cache). This is the only file of the project that touches FoundationNetworking,
/// which keeps it out of the start-up path of commands that never go online.
///
/// On Linux every request asks for its own connection (`Connection: close`): measured with
/// swift-corelibs-foundation, a keep-alive connection the server drops mid-response spins a CPU
/// until the request timeout (30 s per drop), while a drop on a fresh connection fails in
/// milliseconds and goes to the retry policy. A new loopback or LAN connection costs well under
/// a millisecond; that stall cost a 50 %-drop sync minutes.
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    // URLSession is thread-safe; it is only `@unchecked` because corelibs does not say so.
    private let session: URLSession

    /// - Parameters:
    ///   - timeout: seconds without progress before a request fails as a network error.
    ///   - reuseConnections: keep connections alive between requests; off by default on Linux
    ///     (see above).
    public convenience init(
        timeout: TimeInterval = 30, reuseConnections: Bool = URLSessionTransport.reusesConnectionsSafely
    ) {
        self.init(timeout: timeout, reuseConnections: reuseConnections, maximumConnectionsPerHost: nil)
    }

    /// `maximumConnectionsPerHost` caps parallel connections to one host (a league's host asks
    /// for no more than one); nil keeps URLSession's own.
    public init(timeout: TimeInterval, reuseConnections: Bool, maximumConnectionsPerHost: Int?) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        if let maximumConnectionsPerHost { configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost }
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
        self.reuseConnections = reuseConnections
    }

    private let reuseConnections: Bool

    /// Whether this platform's URLSession fails fast when a reused connection drops.
    #if canImport(FoundationNetworking)
        public static let reusesConnectionsSafely = false
    #else
        public static let reusesConnectionsSafely = true
    #endif

    deinit { session.finishTasksAndInvalidate() }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !reuseConnections { urlRequest.setValue("close", forHTTPHeaderField: "Connection") }
        let (data, response) = try await fetch(urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// `session.data(for:)`, but cancelled from another thread. corelibs' own `data(for:)`
    /// cancels the request inside the task's cancellation handler, which holds the task's status
    /// lock and then waits for the session's queue — while that queue, finishing the transfer,
    /// waits for the same lock to resume the task: a deadlock seen as a `sync --time-limit` that
    /// never ended. Here the handler only schedules the cancel and returns.
    private func fetch(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let pending = PendingRequest()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let response, error == nil {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    }
                }
                pending.start(task)
            }
        } onCancel: {
            pending.cancel()
        }
    }
}

/// The request of one `fetch`, and whether it was cancelled before it started.
private final class PendingRequest: @unchecked Sendable {
    // Every property is read and written under `lock`.
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = self.cancelled
        lock.unlock()
        task.resume()
        if cancelled { Self.cancelLater(task) }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        if let task { Self.cancelLater(task) }
    }

    private static func cancelLater(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
