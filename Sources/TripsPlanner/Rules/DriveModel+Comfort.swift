/// How a person would drive a leg the rules allow several ways (issue 29's comfort order): the
/// search judges every leg driven as early as possible (`drive`), which is right for what a trip
/// can reach but leaves a fan sleeping 37 miles short of the stadium after a 6-hour day, with
/// two days to spare. Within the driving days that schedule takes (so no more nights on the
/// road), these spread the driving evenly and start no earlier than `comfortableStartHour`
/// where the day and the deadline allow. The itinerary takes the first that keeps every later
/// game (`ItineraryBuilder`); the earliest schedule is always last, so one always does.
extension DriveModel {
    /// A day's drive starts no earlier than this (local, hours) when it still fits the day.
    static let comfortableStartHour: Double = 9
    /// Arrive at least this long before the deadline when a later start would cut it finer.
    static let comfortableMarginSeconds: Double = 3600

    /// The driving window of `day`: 07:00–23:00 on both ends' clocks (the same date on each).
    @inline(__always)
    func window(_ day: Int, clock: ZoneClock, toward: ZoneClock?) -> (opens: Double, closes: Double) {
        let other = toward.flatMap { $0 === clock ? nil : $0 }
        return (
            max(clock.opening(day), other?.opening(day) ?? -.infinity),
            min(clock.closing(day), other?.closing(day) ?? .infinity)
        )
    }

    /// Schedules for a leg of `needed` seconds leaving at `leave` with `used` still counting, most
    /// comfortable first, each legal under the rules and arriving by `deadline`; the last is the
    /// earliest (the search's). With night driving, the first ones keep to 07:00–23:00.
    func schedules(
        _ needed: Double, from leave: Double, clock: ZoneClock, toward: ZoneClock?, used: Double, deadline: Double
    ) -> [[DriveSegment]] {
        var log = FullDriveLog()
        let earliest = drive(needed, from: leave, clock: clock, toward: toward, used: used, log: &log)
        guard earliest.arrival.isFinite, let first = log.segments.first, !first.isHop else { return [log.segments] }
        var greedy = log.segments
        if let finished = finishing(greedy, leave: leave, used: used, clock: clock) { greedy = finished }
        var found: [[DriveSegment]] = []
        func add(_ segments: [DriveSegment]?) {
            guard let segments, segments.last.map({ $0.end <= deadline + 1e-6 }) == true,
                !found.contains(segments)
            else { return }
            found.append(segments)
        }
        var days = self
        days.allowsOvernight = false
        let byDay: [DriveSegment]
        if allowsOvernight {
            // Night driving: a day's drive when it makes the deadline, night only when it must.
            var dayLog = FullDriveLog()
            _ = days.drive(needed, from: leave, clock: clock, toward: toward, used: used, log: &dayLog)
            byDay = dayLog.segments
        } else {
            byDay = log.segments
        }
        if allowsOvernight,
            let tonight = days.startingTonight(needed, from: leave, clock: clock, toward: toward, used: used)
        {
            // Night driving: what fits this evening, the night's sleep, then by day.
            add(days.evened(tonight, needed: needed, leave: leave, clock: clock, toward: toward, used: used))
            add(tonight)
        }
        if !byDay.isEmpty, byDay.last.map({ $0.end.isFinite }) == true {
            // Set off during the day (after a game) and all of it tonight: driven tonight.
            let leavesTonight =
                byDay.count == 1 && byDay[0].start == leave
                && leave > window(clock.day(at: leave), clock: clock, toward: toward).opens
            if !leavesTonight {
                let even = days.evened(byDay, needed: needed, leave: leave, clock: clock, toward: toward, used: used)
                add(days.later(even, leave: leave, clock: clock, toward: toward, deadline: deadline))
                add(even)
                add(days.later(byDay, leave: leave, clock: clock, toward: toward, deadline: deadline))
            }
            add(byDay)
        }
        if allowsOvernight {
            // Night driving: each stint after an 8-hour rest, evenly; the last one as late as
            // the deadline allows where that drives less of the night (sleep on, not off at
            // 01:49 for an afternoon game).
            let even = evenedByNight(greedy, needed: needed)
            for base in [even, greedy].compactMap({ $0 }) {
                if let latest = latestByNight(base, deadline: deadline),
                    nightSeconds(latest, clock: clock, toward: toward)
                        < nightSeconds(base, clock: clock, toward: toward) - 60
                {
                    add(latest)
                }
                add(base)
            }
        }
        add(greedy)
        // Fewer nights on the road come first (a last few minutes driven the evening before
        // beat two even days); the earliest schedule stays last, whatever it costs.
        found = found.enumerated().sorted { ($0.element.count, $0.offset) < ($1.element.count, $1.offset) }.map(
            \.element)
        // Long days with whole free days after them (a tour's 11.5 h + 11.5 h, then 10 days in
        // a motel): the same nights away, spread into days no longer than a comfortable day.
        if !byDay.isEmpty,
            let spread = days.spread(
                byDay, needed: needed, clock: clock, toward: toward, used: used,
                leave: leave, deadline: deadline), !found.contains(spread)
        {
            found.insert(spread, at: 0)
        }
        if found.last != greedy { found.append(greedy) }
        return found
    }

    /// A driving day this long or shorter needs no spreading: the default daily limit.
    static let comfortableDaySeconds: Double = 6 * 3600

    /// `segments` (by day) when their days are longer than `comfortableDaySeconds` and whole
    /// free days follow the arrival: the leg over as many more days (from 09:00 where the day
    /// allows) as bring each under it, or as the deadline leaves room for — never fewer days,
    /// never past the limit, arriving by the deadline less the margin. Nil when nothing gains.
    private func spread(
        _ segments: [DriveSegment], needed: Double, clock: ZoneClock, toward: ZoneClock?, used: Double,
        leave: Double, deadline: Double
    ) -> [DriveSegment]? {
        guard let first = segments.first, let last = segments.last, deadline.isFinite,
            needed / Double(segments.count) > Self.comfortableDaySeconds + 60,
            deadline - last.end >= 86_400
        else { return nil }
        let firstDay = clock.day(at: first.start)
        let wanted = Int((needed / Self.comfortableDaySeconds).rounded(.up))
        guard wanted > segments.count else { return nil }
        for days in stride(from: wanted, to: segments.count, by: -1) {
            let stint = needed / Double(days)
            var built: [DriveSegment] = []
            for index in 0..<days {
                let day = firstDay + index
                let hours = window(day, clock: clock, toward: toward)
                let preferred = clock.startOfDay(day) + Self.comfortableStartHour * 3600
                let start = max(index == 0 ? first.start : hours.opens, min(preferred, hours.closes - stint))
                let counted = index == 0 && clock.day(at: leave) == day ? used : 0
                guard start + stint <= hours.closes, counted + stint <= capSeconds + 1e-6 else { break }
                built.append(DriveSegment(start: start, end: start + stint))
            }
            let margin = min(Self.comfortableMarginSeconds, max(0, deadline - last.end))
            if built.count == days, let end = built.last?.end, end <= deadline - margin { return built }
        }
        return nil
    }

    /// `segments` (one stint a day, day rules, driven as early as each day allows) with the
    /// driving shared as evenly as the days' room allows: every day but the last was driven
    /// full, so spreading only moves driving off them onto the last.
    private func evened(
        _ segments: [DriveSegment], needed: Double, leave: Double, clock: ZoneClock, toward: ZoneClock?, used: Double
    ) -> [DriveSegment] {
        guard segments.count >= 2, let last = segments.last else { return segments }
        let lastDay = clock.day(at: last.start)
        let room = min(window(lastDay, clock: clock, toward: toward).closes - last.start, capSeconds)
        var rooms = segments.dropLast().map(\.seconds)
        rooms.append(room)
        let level = Self.level(rooms, needed: needed)
        return zip(segments, rooms).map { segment, room in
            DriveSegment(start: segment.start, end: segment.start + min(room, level))
        }
    }

    /// A leg set off during the day and driven by day, 07:00–23:00 and the limit a day, starting
    /// this evening with what fits (the day rules wait for the morning unless all of it does;
    /// with night driving allowed, a night's sleep on the road is a rest like any other). Nil
    /// when nothing fits this evening.
    private func startingTonight(
        _ needed: Double, from leave: Double, clock: ZoneClock, toward: ZoneClock?, used: Double
    ) -> [DriveSegment]? {
        var day = clock.day(at: leave)
        var hours = window(day, clock: clock, toward: toward)
        guard leave > hours.opens, min(hours.closes - leave, capSeconds - used) > 0 else { return nil }
        var segments = [DriveSegment]()
        var left = needed
        var start = leave
        var room = min(hours.closes - leave, capSeconds - used)
        for _ in 0..<Self.maxDays {
            if room > 0 {
                let stretch = min(room, left)
                segments.append(DriveSegment(start: start, end: start + stretch))
                left -= stretch
                if left <= 1e-6 { return segments.count > 1 ? segments : nil }
            }
            day += 1
            hours = window(day, clock: clock, toward: toward)
            start = hours.opens
            room = min(hours.closes - hours.opens, capSeconds)
        }
        return nil
    }

    /// Water-filling: the level such that stints of min(room, level) add up to `needed`.
    private static func level(_ rooms: [Double], needed: Double) -> Double {
        let sorted = rooms.sorted()
        var left = needed
        for (index, value) in sorted.enumerated() {
            let share = left / Double(sorted.count - index)
            if value >= share { return share }
            left -= value
        }
        return sorted.last ?? 0
    }

    /// `segments` (night driving, as early as the rules allow: the limit, an 8-hour rest, the
    /// limit …) shared evenly between the same stints, each still after an 8-hour rest: the same
    /// arrival, and no last stint of a few minutes after a night's rest 20 miles short.
    private func evenedByNight(_ segments: [DriveSegment], needed: Double) -> [DriveSegment]? {
        guard segments.count >= 2, let first = segments.first else { return nil }
        var rooms = [first.seconds]
        rooms += [Double](repeating: capSeconds, count: segments.count - 1)
        let level = Self.level(rooms, needed: needed)
        var t = first.start
        return rooms.map { room in
            let stretch = DriveSegment(start: t, end: t + min(room, level))
            t = stretch.end + Self.restSeconds
            return stretch
        }
    }

    /// `segments` with the last stint moved as late as still arrives by `deadline` with the
    /// margin (or what it had of it): the rest before it only grows, so the limit still holds;
    /// nil when it cannot move.
    private func latestByNight(_ segments: [DriveSegment], deadline: Double) -> [DriveSegment]? {
        guard segments.count >= 2, let last = segments.last, deadline.isFinite else { return nil }
        let margin = min(Self.comfortableMarginSeconds, max(0, deadline - last.end))
        let start = deadline - margin - last.seconds
        guard start > last.start + 60 else { return nil }
        return segments.dropLast() + [DriveSegment(start: start, end: start + last.seconds)]
    }

    /// Seconds of `segments` outside the driving day (07:00–23:00 on both ends' clocks).
    func nightSeconds(_ segments: [DriveSegment], clock: ZoneClock, toward: ZoneClock?) -> Double {
        var total = 0.0
        for segment in segments {
            var day = clock.day(at: segment.start) - 1
            while day <= clock.day(at: segment.end) {
                let night = (
                    window(day, clock: clock, toward: toward).closes,
                    window(day + 1, clock: clock, toward: toward).opens
                )
                total += segment.overlap(night.0, night.1)
                day += 1
            }
        }
        return total
    }

    /// `segments` with each day's stint starting at `comfortableStartHour` where it still ends
    /// by the day's close (and the last by the deadline less the margin, where it did before).
    private func later(
        _ segments: [DriveSegment], leave: Double, clock: ZoneClock, toward: ZoneClock?, deadline: Double
    ) -> [DriveSegment] {
        segments.enumerated().map { index, segment in
            let day = clock.day(at: segment.start)
            let preferred = clock.startOfDay(day) + Self.comfortableStartHour * 3600
            var latest = window(day, clock: clock, toward: toward).closes - segment.seconds
            if index == segments.count - 1 {
                let margin = min(Self.comfortableMarginSeconds, max(0, deadline - segment.end))
                latest = min(latest, deadline - margin - segment.seconds)
            }
            let start = max(segment.start, min(preferred, latest))
            return DriveSegment(start: start, end: start + segment.seconds)
        }
    }
}
