/// When a drive ends under the driving rules.
///
/// Without night driving, days are read on the clock of the place the leg starts from (a leg is
/// planned with the fan's current wall clock): driving only from 07:00 to 23:00 — on the clocks
/// of both ends of the leg, so a westbound morning never starts before 07:00 where the fan woke
/// up, nor an eastbound evening ends after 23:00 where they arrive — at most the daily limit a day — the night between two days is the rest. A leg that sets off during the
/// day (after a game) is driven that evening only if all of it fits before 23:00 and within the
/// day's limit; otherwise the fan sleeps where they are and leaves at 07:00. A leg that sets off
/// in the morning may take several days, stopping for the night on the road.
///
/// With night driving there is no clock: at most the limit between two rests of at least 8 h
/// (a duty limit, so a night's drive cannot reset at midnight), resting 8 h where the limit is
/// reached.
///
/// `usedToday` carries the driving that still counts when the leg sets off (the drive *to* the
/// game just seen), so the limit holds across legs and not only within one.
struct DriveModel: Sendable {
    let capSeconds: Double
    var allowsOvernight: Bool
    let milesPerSecond: Double
    let roadFactor: Double

    /// A leg that would take longer than this many days counts as impossible.
    static let maxDays = 400
    /// The rest that resets the limit when driving at night is allowed.
    static let restSeconds: Double = 8 * 3600
    /// A drive this short is a hop between neighbouring venues (Cleveland's football and
    /// basketball buildings, a mile apart), not driving: it counts against no limit, waits for
    /// no driving day and does not end a rest. Otherwise a 1-minute hop after a day's full drive
    /// would rule out the evening game next door, or push the morning's drive into the night.
    static let hopSeconds = DrivingRules.hopSeconds
    /// The hops a lower bound allows for on any way between two venues (`earliestArrival`).
    static let hopsOnTheWay: Double = 3

    init(_ rules: DrivingRules) {
        capSeconds = rules.maxHoursPerDay * 3600
        allowsOvernight = rules.allowsOvernightDriving
        milesPerSecond = rules.averageSpeedMph / 3600
        roadFactor = rules.roadFactor
    }

    func roadMiles(greatCircle miles: Double) -> Double { miles * roadFactor }
    func seconds(roadMiles: Double) -> Double { roadMiles / milesPerSecond }

    /// When driving must stop on the local day of `instant` (the night rest; never with night
    /// driving, where only the limit stops it).
    func closing(onDayOf instant: Double, clock: ZoneClock) -> Double {
        allowsOvernight ? .infinity : clock.closing(clock.day(at: instant))
    }

    /// From when driving done by `arrival` (at a place with `clock`) no longer counts against
    /// the limit: the next local day without night driving, 8 h later with it.
    func restedBy(arrival: Double, clock: ZoneClock) -> Double {
        allowsOvernight ? arrival + Self.restSeconds : clock.startOfDay(clock.day(at: arrival) + 1)
    }

    /// The driving that counts against the limit for a leg leaving at `leave` after `stretches`
    /// (every earlier stretch, in order): that local day's without night driving, else the
    /// stretches back to the last break of at least 8 h.
    func duty(leaving leave: Double, after stretches: [DriveSegment], clock: ZoneClock) -> Double {
        guard allowsOvernight else { return stretches.driving(onDayOf: leave, clock: clock) }
        var total = 0.0
        var boundary = leave
        for stretch in stretches.reversed() where !stretch.isHop {
            if boundary - stretch.end >= Self.restSeconds { break }
            total += stretch.seconds
            boundary = stretch.start
        }
        return total
    }

    /// The arrival instant (`.infinity` if the leg cannot be driven), logging the stretches.
    /// `toward` is the clock where the leg ends (nil: the origin's).
    func arrival<Log: DriveLog>(
        driving needed: Double, from departure: Double, clock: ZoneClock, toward: ZoneClock? = nil,
        usedToday: Double, log: inout Log
    ) -> Double {
        drive(needed, from: departure, clock: clock, toward: toward, used: usedToday, log: &log).arrival
    }

    /// The arrival and the driving that counts against the limit on arriving.
    func drive<Log: DriveLog>(
        _ needed: Double, from departure: Double, clock: ZoneClock, toward: ZoneClock? = nil, used usedBefore: Double,
        log: inout Log
    ) -> (arrival: Double, duty: Double) {
        guard needed > 0 else { return (departure, usedBefore) }
        if needed <= Self.hopSeconds {
            log.record(DriveSegment(start: departure, end: departure + needed, isHop: true))
            return (departure + needed, usedBefore)
        }
        var remaining = needed
        var t = departure
        var used = usedBefore
        /// Drives what fits in `available` seconds from `t`; true once the leg is done.
        func stint(_ available: Double) -> Bool {
            guard available > 0 else { return false }
            let stretch = min(available, remaining)
            log.record(DriveSegment(start: t, end: t + stretch))
            t += stretch
            remaining -= stretch
            used += stretch
            return remaining <= 1e-6
        }
        if allowsOvernight {
            for _ in 0..<(Self.maxDays * 3) {
                if stint(capSeconds - used) { return (t, used) }
                t += Self.restSeconds
                used = 0
            }
            return (.infinity, 0)
        }
        // The driving day: 07:00–23:00 on both ends' clocks (the same date on each).
        let other = toward.flatMap { $0 === clock ? nil : $0 }
        func opening(_ day: Int) -> Double { max(clock.opening(day), other?.opening(day) ?? -.infinity) }
        func closing(_ day: Int) -> Double { min(clock.closing(day), other?.closing(day) ?? .infinity) }
        var day = clock.day(at: t)
        // Set off during the day (after a game): on tonight only if the whole leg fits.
        if t > opening(day) && (t + remaining > closing(day) || used + remaining > capSeconds) {
            day += 1
            used = 0
        }
        for _ in 0..<Self.maxDays {
            t = max(t, opening(day))
            if stint(min(closing(day) - t, capSeconds - used)) { return (t, used) }
            day += 1
            used = 0
        }
        return (.infinity, 0)
    }

    /// A leg's last morning shorter than this is driven the evening before instead (day rules
    /// only): a fan does not sleep 4 miles short of the ballpark to drive 3 minutes next day.
    static let finishingGraceSeconds: Double = 30 * 60

    /// `segments` (one leg's stints, the leg leaving at `leave` with `used` still counting) with a
    /// last stint under `finishingGraceSeconds` driven on at the end of the day before, past
    /// 23:00 by at most that much but never past the day's limit (issue 40: a 6-hour day is
    /// never 6.46 h; the even split over the two days is the fan's choice then); nil when
    /// nothing changes. The plans are searched without it (so the search's judgement of every
    /// leg holds: the leg only arrives sooner, and the next day's driving only shrinks); the
    /// itinerary the fan reads drives it.
    func finishing(_ segments: [DriveSegment], leave: Double, used: Double, clock: ZoneClock) -> [DriveSegment]? {
        guard !allowsOvernight, segments.count >= 2, let last = segments.last,
            last.seconds < Self.finishingGraceSeconds
        else { return nil }
        var finished = Array(segments.dropLast(2))
        let evening = segments[segments.count - 2]
        // What already counts on the evening's day: the leg's own carry when it is the leg's
        // first stint on the day it set off.
        let before = segments.count == 2 && clock.day(at: evening.start) == clock.day(at: leave) ? used : 0
        guard before + evening.seconds + last.seconds <= capSeconds + 1e-6 else { return nil }
        finished.append(DriveSegment(start: evening.start, end: evening.end + last.seconds))
        return finished
    }

    /// The rest a lower bound may assume between stints: the 8-h night less the widest shift of
    /// the clock between two legs' origins (3 h across North America's zones).
    static let boundRestSeconds: Double = 5 * 3600

    /// No sequence of legs covers `needed` seconds of driving, leaving at `leave` with `used`
    /// still counting, sooner than this: driving whenever the limit allows, resting only
    /// `boundRestSeconds`. (A single leg waits for the morning when it cannot finish tonight, so
    /// a stop on the way can arrive sooner than the leg: bounds use this, never the leg.)
    /// Hops on the way count against no limit: up to `hopsOnTheWay` of them are left out of the
    /// driving that needs rests.
    func earliestArrival(_ needed: Double, from leave: Double, used: Double) -> Double {
        guard needed.isFinite else { return .infinity }
        let first = max(0, capSeconds - used)
        let counted = needed - Self.hopsOnTheWay * Self.hopSeconds
        guard counted > first else { return leave + needed }
        let rest = allowsOvernight ? Self.restSeconds : Self.boundRestSeconds
        let stints = ((counted - first) / capSeconds).rounded(.up)
        return leave + needed + stints * rest
    }
}
