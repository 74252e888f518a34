/// Time as the retry loop sees it: a monotonic "now" and a cancellable sleep. Injected so retry
/// tests run on a virtual clock in milliseconds.
public protocol RetryClock: Sendable {
    /// Seconds on a monotonic scale (only differences matter).
    func now() -> Double
    /// Waits `seconds`; throws `CancellationError` when the task is cancelled meanwhile.
    func sleep(seconds: Double) async throws
}

/// The real clock: `ContinuousClock` and `Task.sleep`.
public struct SystemRetryClock: RetryClock {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    public init() { origin = clock.now }

    public func now() -> Double {
        let elapsed = origin.duration(to: clock.now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    public func sleep(seconds: Double) async throws {
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(for: .milliseconds(Int64((seconds * 1000).rounded(.up))))
    }
}
