import CloudKitClient
import Foundation
import TestSupport
import Testing

/// Cancelling a request at any moment — before it is sent, in flight, or just as its answer
/// arrives — ends the request; it never deadlocks (corelibs' own `data(for:)` could, when the
/// cancel met the answer: a `sync --time-limit` then never ended).
@Suite struct CancelRaceTests {
    @Test func aCancelAtAnyMomentNeverHangs() async throws {
        let server = try await TestServer.start()
        defer { server.close() }
        let transport = URLSessionTransport(timeout: 10)
        let request = HTTPRequest(
            method: "GET", url: URL(string: server.process.url.absoluteString + "/_admin/faults")!,
            headers: server.adminHeaders, body: nil)
        // How long one answer takes here, so the cancels spread over the whole exchange — capped:
        // with the whole suite running, a starved task pool can stretch one answer to seconds.
        let clock = ContinuousClock()
        let answered = try await clock.measure { _ = try await transport.send(request) }
        let parts = answered.components
        let micros = Int(parts.seconds) * 1_000_000 + Int(parts.attoseconds / 1_000_000_000_000)
        let span = min(Self.longestDelay, max(1, micros * 2))
        // Cancel moments are seeded (replay a failure with TRIPS_TEST_SEED=<seed>).
        let seed = TestSeed.draw()
        var generator = SeededGenerator(seed: seed)
        var finished = 0
        for _ in 0..<Self.cancels {
            let exchange = Task { try await transport.send(request) }
            let delay = Int.random(in: 0...span, using: &generator)
            try await Task.sleep(for: .microseconds(delay))
            exchange.cancel()
            // A deadline, not a synchronisation: the answer is awaited, but a hang must fail.
            let done = Flag()
            Task.detached {
                _ = try? await exchange.value
                done.set()
            }
            let deadline = clock.now + Self.deadline
            while !done.isSet && clock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
            let ended = done.isSet
            #expect(ended, "seed \(seed): a request cancelled after \(delay) µs never ended")
            guard ended else { break }
            finished += 1
        }
        #expect(finished == Self.cancels)
    }

    static let cancels = 150
    /// The latest moment a cancel comes, in µs after the request starts.
    static let longestDelay = 20_000
    /// Generous: a request that ends still needs the task pool to say so, and long synchronous
    /// tests elsewhere in the suite can hold the pool's threads for many seconds. A deadlock
    /// never ends at all.
    static let deadline = Duration.seconds(120)
}

/// Set once, read from any thread.
private final class Flag: @unchecked Sendable {
    // `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = false

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
