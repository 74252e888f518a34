/// A stretch of continuous driving, in seconds since 1970.
struct DriveSegment: Sendable, Hashable {
    var start: Double
    var end: Double
    /// A hop between neighbouring venues (`DriveModel.hopSeconds`): neither driving that counts
    /// against the limit nor the end of a rest.
    var isHop = false
    var seconds: Double { end - start }
}

extension DriveSegment {
    /// Seconds of this stretch within `[start, end)`.
    func overlap(_ from: Double, _ to: Double) -> Double { max(0, min(end, to) - max(start, from)) }
}

extension [DriveSegment] {
    /// Seconds driven within the local day of `instant` on `clock`.
    /// The stretches are in time order: the sum stops at the first one before that day.
    func driving(onDayOf instant: Double, clock: ZoneClock) -> Double {
        let day = clock.day(at: instant)
        let start = clock.startOfDay(day)
        let end = clock.startOfDay(day + 1)
        var total = 0.0
        for stretch in reversed() where !stretch.isHop {
            if stretch.end <= start { break }
            total += stretch.overlap(start, end)
        }
        return total
    }
}
