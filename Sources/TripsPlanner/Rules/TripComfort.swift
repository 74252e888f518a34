/// The comfort order of issue 29: among trips that tie on every measure of the objective (games,
/// venues, miles — `Ranking`), the one a person would drive. It never weighs against those
/// measures, so every proof keeps its meaning; it orders only trips that tie, and how each leg
/// of one trip is driven (`DriveModel.schedules`). In order:
/// 1. fewer nights on the road;
/// 2. fewer road nights less than an hour's drive short of where the leg is going;
/// 3. driving spread over the days (the sum of each day's driving squared: one 6-hour day and a
///    40-minute one weigh more than two of 3 h 20);
/// 4. later starts (minutes at the wheel before `DriveModel.comfortableStartHour`, summed).
struct TripComfort: Sendable, Equatable {
    var roadNights = 0
    var shortNights = 0
    /// Σ (seconds driven on a day)² / 3600², over the stints of every leg.
    var unevenness = 0.0
    /// Seconds driven before the comfortable start hour, local to where the stint starts.
    var earlyDriving = 0.0

    /// A road night this close to the goal is one a person would have driven on from.
    static let shortNightSeconds: Double = 3600

    /// Whether `self` is strictly more comfortable than `other`.
    func isBetter(than other: TripComfort) -> Bool {
        if roadNights != other.roadNights { return roadNights < other.roadNights }
        if shortNights != other.shortNights { return shortNights < other.shortNights }
        // Below a minute's worth squared, two spreads are the same.
        if abs(unevenness - other.unevenness) > 0.02 { return unevenness < other.unevenness }
        return earlyDriving < other.earlyDriving - 60
    }

    /// Adds one leg driven in `segments` (stints split by road nights) starting on `clock`.
    mutating func add(_ segments: [DriveSegment], clock: ZoneClock) {
        roadNights += max(0, segments.count - 1)
        if segments.count > 1, let last = segments.last, last.seconds < Self.shortNightSeconds { shortNights += 1 }
        for segment in segments {
            let hours = segment.seconds / 3600
            unevenness += hours * hours
            let day = clock.day(at: segment.start)
            let comfortable = clock.startOfDay(day) + DriveModel.comfortableStartHour * 3600
            earlyDriving += segment.overlap(segment.start, comfortable)
        }
    }
}
