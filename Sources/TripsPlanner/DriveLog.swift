/// What a drive simulation keeps of the stretches it drives: nothing (graph building), the
/// last two (enough to know how much was driven on the arrival day), or all (itineraries).
protocol DriveLog {
    mutating func record(_ segment: DriveSegment)
}

struct NoDriveLog: DriveLog {
    @inline(__always) mutating func record(_ segment: DriveSegment) {}
}

struct FullDriveLog: DriveLog {
    var segments: [DriveSegment] = []
    mutating func record(_ segment: DriveSegment) { segments.append(segment) }
}

/// The last two stretches: a local day at the destination can overlap two days of driving read
/// on the origin's clock (a westbound night and the next morning), never three.
struct TailDriveLog: DriveLog {
    var last: DriveSegment?
    var previous: DriveSegment?

    @inline(__always) mutating func record(_ segment: DriveSegment) {
        previous = last
        last = segment
    }

    /// Seconds driven within the local day of `instant` on `clock`.
    func driving(onDayOf instant: Double, clock: ZoneClock) -> Double {
        let day = clock.day(at: instant)
        let start = clock.startOfDay(day)
        let end = clock.startOfDay(day + 1)
        return (last?.overlap(start, end) ?? 0) + (previous?.overlap(start, end) ?? 0)
    }
}
