/// The watcher's sense of time: a monotonic timeline in milliseconds and a cancellable sleep,
/// injected so tests can drive it. Wall-clock time (for the persisted "not before") comes
/// separately: the timeline must not jump when the clock is set.
public protocol WatchClock: Sendable {
    var nowMs: Int64 { get }
    /// Returns at `deadlineMs` or later; throws `CancellationError` when the task is cancelled.
    func sleep(untilMs deadlineMs: Int64) async throws
}

/// The real clock: `ContinuousClock` (keeps counting while the machine sleeps, so an interval
/// that passed during a suspend is due at wake-up).
public struct ContinuousWatchClock: WatchClock {
    private let origin = ContinuousClock.now

    public init() {}

    public var nowMs: Int64 {
        let elapsed = origin.duration(to: .now).components
        return elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
    }

    public func sleep(untilMs deadlineMs: Int64) async throws {
        try await ContinuousClock().sleep(until: origin.advanced(by: .milliseconds(deadlineMs)), tolerance: nil)
    }
}
