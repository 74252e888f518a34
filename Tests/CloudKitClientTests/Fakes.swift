import CloudKitClient
import CloudKitWeb
import Foundation

/// A scripted network: answers each request with the next scripted outcome and records what
/// was sent.
final class FakeTransport: HTTPTransport, @unchecked Sendable {
    enum Outcome {
        case response(HTTPResponse)
        case failure(any Error)
    }

    private let lock = NSLock()
    private var script: [Outcome]
    private var sent: [HTTPRequest] = []
    /// Answer when the script has run out.
    private let fallback: Outcome?

    init(_ script: [Outcome], fallback: Outcome? = nil) {
        self.script = script
        self.fallback = fallback
    }

    var requests: [HTTPRequest] { lock.withLock { sent } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let outcome: Outcome = lock.withLock {
            sent.append(request)
            if !script.isEmpty { return script.removeFirst() }
            return fallback ?? .failure(URLError(.cannotConnectToHost))
        }
        switch outcome {
        case .response(let response): return response
        case .failure(let error): throw error
        }
    }

    /// The JSON body of the `index`th request as an object graph.
    func body(_ index: Int) throws -> NSDictionary {
        try JSONSerialization.jsonObject(with: requests[index].body ?? Data()) as! NSDictionary
    }
}

extension FakeTransport.Outcome {
    static func json(_ status: Int, _ text: String) -> Self {
        .response(HTTPResponse(status: status, headers: ["content-type": "application/json"], body: Data(text.utf8)))
    }

    static func error(_ code: String, status: Int, retryAfter: Double? = nil, reason: String = "injected") -> Self {
        let after = retryAfter.map { ", \"retryAfter\": \($0)" } ?? ""
        return .json(status, #"{"uuid": "u", "serverErrorCode": "\#(code)", "reason": "\#(reason)"\#(after)}"#)
    }

    static let emptyPage = json(200, #"{"records": []}"#)
}

/// A clock that never waits: `sleep` advances "now" and records the duration.
final class VirtualClock: RetryClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: Double = 1000
    private var slept: [Double] = []

    var sleeps: [Double] { lock.withLock { slept } }

    func now() -> Double { lock.withLock { time } }

    func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        lock.withLock {
            slept.append(seconds)
            time += seconds
        }
    }
}

/// A clock whose sleep waits until the task is cancelled, announcing each sleep, so a test can
/// cancel at exactly the moment the client is waiting to retry.
final class CancellableClock: RetryClock, @unchecked Sendable {
    let sleeping: AsyncStream<Double>
    private let announce: AsyncStream<Double>.Continuation

    init() { (sleeping, announce) = AsyncStream.makeStream(of: Double.self) }

    func now() -> Double { 0 }

    func sleep(seconds: Double) async throws {
        announce.yield(seconds)
        let (wake, resume) = AsyncStream.makeStream(of: Void.self)
        await withTaskCancellationHandler {
            for await _ in wake {}
        } onCancel: {
            resume.finish()
        }
        try Task.checkCancellation()
    }
}

let apiToken = "api+TOKEN/with=odd"
let webToken = "web-auth-SECRET-123"
let adminToken = "admin-SECRET-456"

func configuration(web: Bool = false, admin: Bool = false) -> CloudConfiguration {
    CloudConfiguration(
        baseURL: URL(string: "http://cloud.test:8080/")!, container: "iCloud.trips.test", environment: "development",
        apiToken: apiToken, webAuthToken: web ? webToken : nil, adminToken: admin ? adminToken : nil)
}

func database(
    _ transport: FakeTransport, scope: DatabaseScope = .public, web: Bool = false, admin: Bool = false,
    policy: RetryPolicy = RetryPolicy(maxAttempts: 5, deadline: 600, baseDelay: 1, maxDelay: 8),
    clock: any RetryClock = VirtualClock(), random: Double = 0.5, log: (@Sendable (String) -> Void)? = nil
) -> CloudDatabase {
    CloudDatabase(
        configuration: configuration(web: web, admin: admin), scope: scope, transport: transport, retryPolicy: policy,
        clock: clock, random: { random }, log: log)
}

/// Collects log lines from any thread.
final class LogCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    var lines: [String] { lock.withLock { collected } }

    var sink: @Sendable (String) -> Void { { line in self.lock.withLock { self.collected.append(line) } } }
}

let gameQuery = Query(recordType: "Game", filterBy: [.modified(since: 0)], sortBy: QuerySort.byModification)

func page(_ names: [String], marker: String?) -> FakeTransport.Outcome {
    let records = names.map { #"{"recordName": "\#($0)", "recordType": "Game", "recordChangeTag": "t", "fields": {}}"# }
    let markerPart = marker.map { #", "continuationMarker": "\#($0)""# } ?? ""
    return .json(200, #"{"records": [\#(records.joined(separator: ","))]\#(markerPart)}"#)
}
