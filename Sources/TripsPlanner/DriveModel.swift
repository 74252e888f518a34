/// When a drive ends under the driving rules: at most the daily limit per local day, never
/// during the night rest unless allowed, resuming at 07:00 the next day.
///
/// Days and the night rest are read on the clock of the place the leg starts from: a leg is
/// planned before departure, with the fan's current wall clock. `usedToday` carries the
/// driving already done on the departure's local day (the drive *to* the game just seen), so
/// the daily limit holds across legs and not only within one.
struct DriveModel: Sendable {
    let capSeconds: Double
    let allowsOvernight: Bool
    let milesPerSecond: Double
    let roadFactor: Double

    /// A leg that would take longer than this many days counts as impossible.
    static let maxDays = 400

    init(_ rules: DrivingRules) {
        capSeconds = rules.maxHoursPerDay * 3600
        allowsOvernight = rules.allowsOvernightDriving
        milesPerSecond = rules.averageSpeedMph / 3600
        roadFactor = rules.roadFactor
    }

    func roadMiles(greatCircle miles: Double) -> Double { miles * roadFactor }
    func seconds(roadMiles: Double) -> Double { roadMiles / milesPerSecond }

    /// When driving must stop on the local day of `instant` (the night rest, or midnight).
    func closing(onDayOf instant: Double, clock: ZoneClock) -> Double {
        let day = clock.day(at: instant)
        return allowsOvernight ? clock.startOfDay(day + 1) : clock.closing(day)
    }

    /// The arrival instant (`.infinity` if the leg cannot be driven), logging the stretches.
    func arrival<Log: DriveLog>(
        driving needed: Double, from departure: Double, clock: ZoneClock, usedToday: Double, log: inout Log
    ) -> Double {
        guard needed > 0 else { return departure }
        var remaining = needed
        var t = departure
        var day = clock.day(at: t)
        var used = usedToday
        for _ in 0..<Self.maxDays {
            let open = allowsOvernight ? clock.startOfDay(day) : clock.opening(day)
            let close = allowsOvernight ? clock.startOfDay(day + 1) : clock.closing(day)
            if t < open { t = open }
            let available = min(close - t, capSeconds - used)
            if available > 0 {
                let stretch = min(available, remaining)
                log.record(DriveSegment(start: t, end: t + stretch))
                t += stretch
                remaining -= stretch
                used += stretch
                if remaining <= 1e-6 { return t }
            }
            day += 1
            used = 0
        }
        return .infinity
    }
}
