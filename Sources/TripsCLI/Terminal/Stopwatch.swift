/// Seconds since it was made, for progress lines (a monotonic clock: wall-clock jumps do not
/// show as progress).
struct Stopwatch {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    init() { origin = clock.now }

    func seconds() -> Double {
        let parts = origin.duration(to: clock.now).components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
