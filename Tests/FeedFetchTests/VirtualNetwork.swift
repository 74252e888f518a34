import CloudKitClient
import Foundation
import Synchronization

/// A clock that only moves when slept on: `sleep` adds to `now` and records the wait.
final class VirtualClock: RetryClock {
    private let state = Mutex((now: 0.0, sleeps: [Double]()))

    func now() -> Double { state.withLock { $0.now } }

    func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        state.withLock {
            $0.now += max(0, seconds)
            $0.sleeps.append(seconds)
        }
    }

    var sleeps: [Double] { state.withLock { $0.sleeps } }
}

/// An alarm that never rings: its sleep ends only when the task is cancelled.
struct SilentAlarm: RetryClock {
    func now() -> Double { 0 }

    func sleep(seconds: Double) async throws {
        try await ScriptedTransport.untilCancelled()
    }
}

/// A transport that answers from a script, one step per request, and records what it was sent
/// and when (on the virtual clock).
final class ScriptedTransport: HTTPTransport {
    enum Step: Sendable {
        case respond(HTTPResponse)
        case fail
        /// A connection refused: the host is down.
        case refuse
        /// No answer, ever (a server that stalls): ends only when the request is cancelled.
        case hang
    }

    struct NetworkDown: Error {}

    private let state: Mutex<(steps: [Step], sent: [(request: HTTPRequest, at: Double)])>
    private let clock: VirtualClock

    init(_ steps: [Step], clock: VirtualClock) {
        state = Mutex((steps, []))
        self.clock = clock
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let at = clock.now()
        let step = state.withLock { state -> Step? in
            state.sent.append((request, at))
            return state.steps.isEmpty ? nil : state.steps.removeFirst()
        }
        switch step {
        case .respond(let response): return response
        case .refuse: throw URLError(.cannotConnectToHost)
        case .hang:
            try await Self.untilCancelled()
            throw CancellationError()
        case .fail, nil: throw NetworkDown()
        }
    }

    /// Suspends until the task is cancelled (an AsyncStream's iteration ends then), then throws.
    static func untilCancelled() async throws {
        let (stream, continuation) = AsyncStream<Never>.makeStream()
        for await _ in stream {}
        continuation.finish()
        throw CancellationError()
    }

    var sent: [(request: HTTPRequest, at: Double)] { state.withLock { $0.sent } }

    static func ok(_ body: String, headers: [String: String] = [:]) -> Step {
        .respond(HTTPResponse(status: 200, headers: headers, body: Data(body.utf8)))
    }

    static func status(_ status: Int, headers: [String: String] = [:]) -> Step {
        .respond(HTTPResponse(status: status, headers: headers, body: Data()))
    }
}
