import FoundationEssentials

/// A time zone's rules (RFC 8536's, as the files of the system tz database hold them): UTC
/// offset, DST flag and abbreviation ("CDT") for any instant. It is the one source of
/// local time — the day a game is filed under and the day it is shown on both come from it,
/// so a tzdata update cannot make them disagree — and it is ~20× cheaper than an ICU
/// `DateFormatter` per zone. Pure: reading the files and parsing their TZif bytes is
/// TripsZones' job (`ZoneDatabase`, `ZoneInfo(identifier:tzif:)`).
public struct ZoneInfo: Sendable {
    /// One local time type: offset east of UTC in seconds, DST flag, abbreviation.
    public struct Period: Sendable, Hashable {
        public var offset: Int
        public var isDST: Bool
        public var abbreviation: String

        public init(offset: Int, isDST: Bool, abbreviation: String) {
            self.offset = offset
            self.isDST = isDST
            self.abbreviation = abbreviation
        }
    }

    public let identifier: String
    private let transitions: [Int64]
    private let transitionTypes: [Int]
    private let types: [Period]
    /// The POSIX TZ rule for instants after the last transition ("CST6CDT,M3.2.0,M11.1.0").
    private let footer: PosixRule?

    /// Coordinated Universal Time, for day arithmetic that needs no venue.
    public static let utc = ZoneInfo(identifier: "UTC", fixedOffset: 0, abbreviation: "UTC")

    /// A zone that is always `offset` seconds east of UTC (a user's fixed `UTC-5`, or a
    /// system zone with no tz file).
    public init(identifier: String, fixedOffset offset: Int, abbreviation: String) {
        self.identifier = identifier
        transitions = []
        transitionTypes = []
        types = [Period(offset: offset, isDST: false, abbreviation: abbreviation)]
        footer = nil
    }

    /// A zone of `periods` (at least one) changing to `periods[transitionPeriods[i]]` at
    /// `transitions[i]` (seconds since 1970, ascending), and after the last one following
    /// `rule`, a POSIX TZ string ("CST6CDT,M3.2.0,M11.1.0"; a rule that does not parse is
    /// ignored, as is one after no file's transitions). Nil when a transition names no period.
    /// Reading these from TZif bytes is TripsZones' job (`ZoneInfo(identifier:tzif:)`).
    public init?(
        identifier: String, transitions: [Int64], transitionPeriods: [Int], periods: [Period], rule: String?
    ) {
        guard !periods.isEmpty, transitions.count == transitionPeriods.count,
            transitionPeriods.allSatisfy({ (0..<periods.count).contains($0) })
        else { return nil }
        self.identifier = identifier
        self.transitions = transitions
        self.transitionTypes = transitionPeriods
        self.types = periods
        self.footer = rule.flatMap(PosixRule.init)
    }

    /// The offset, DST flag and abbreviation in effect at `date`.
    public func period(at date: Date) -> Period {
        period(at: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// Seconds east of UTC at `date`.
    public func offset(at date: Date) -> Int { period(at: date).offset }

    /// What the local wall clock shows at `date`, as seconds since 1970-01-01 00:00 on it.
    public func localSeconds(at date: Date) -> Int64 {
        let t = Int64(date.timeIntervalSince1970.rounded(.down))
        return t + Int64(period(at: t).offset)
    }

    /// The instant the local wall clock shows `wall` (seconds since 1970 in local time). A time
    /// in a spring-forward gap is read with the offset before the change (02:30 → 03:30), a
    /// time in a fall-back overlap as the later of the two, as Foundation's calendar does.
    public func instant(localSeconds wall: Int64) -> Int64 {
        let first = Int64(period(at: wall - Int64(period(at: wall).offset)).offset)
        let settled = Int64(period(at: wall - first).offset)
        return settled == first ? wall - first : wall - settled
    }

    /// The first instant after `t` (seconds since 1970) where the offset or DST flag may
    /// change; nil when the zone never changes again.
    public func nextTransition(after t: Int64) -> Int64? {
        if let footer, t >= (transitions.last ?? .min) {
            return footer.nextTransition(after: t)
        }
        let next = transitionsUpTo(t)
        if next < transitions.count { return transitions[next] }
        return footer?.nextTransition(after: t)
    }

    func period(at t: Int64) -> Period {
        if let footer, t >= transitions.last ?? .min {
            return footer.period(at: t)
        }
        let passed = transitionsUpTo(t)
        if passed == 0 {
            // Before the first transition: the first standard-time type.
            return types.first { !$0.isDST } ?? types[0]
        }
        return types[transitionTypes[passed - 1]]
    }

    /// How many transitions fall at or before `t` (binary search): the last of them set the
    /// period in effect, the one after it is the next change.
    private func transitionsUpTo(_ t: Int64) -> Int {
        var lo = 0
        var hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if transitions[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// The TZ-string rule of POSIX (and RFC 8536 §3.3) for times after a zone's last transition:
/// `std offset [dst [offset] [,start[/time],end[/time]]]`. It stays with `ZoneInfo` because it
/// is the rule's own notation (as `TZ` writes it), read and evaluated together.
struct PosixRule: Sendable {
    struct DateRule: Sendable {
        enum Kind: Sendable {
            case monthWeekDay(month: Int, week: Int, weekday: Int)
            case julianNoLeap(Int)
            case zeroBased(Int)
        }
        var kind: Kind
        /// Seconds after local midnight (may be negative or exceed a day, per RFC 8536).
        var time: Int
    }

    var standard: ZoneInfo.Period
    var daylight: ZoneInfo.Period?
    var start: DateRule?
    var end: DateRule?

    init?(_ text: String) {
        var s = Substring(text)
        func name() -> String? {
            if s.first == "<" {
                guard let close = s.firstIndex(of: ">") else { return nil }
                let n = String(s[s.index(after: s.startIndex)..<close])
                s = s[s.index(after: close)...]
                return n
            }
            let n = s.prefix { $0.isLetter }
            guard n.count >= 3 else { return nil }
            s = s.dropFirst(n.count)
            return String(n)
        }
        /// hh[:mm[:ss]] with an optional sign; answers seconds.
        func clock() -> Int? {
            var sign = 1
            if s.first == "+" {
                s = s.dropFirst()
            } else if s.first == "-" {
                sign = -1
                s = s.dropFirst()
            }
            var parts: [Int] = []
            for _ in 0..<3 {
                let digits = s.prefix { $0.isNumber }
                guard !digits.isEmpty, let v = Int(digits) else { break }
                parts.append(v)
                s = s.dropFirst(digits.count)
                if s.first == ":" { s = s.dropFirst() } else { break }
            }
            guard !parts.isEmpty else { return nil }
            let seconds = parts[0] * 3600 + (parts.count > 1 ? parts[1] * 60 : 0) + (parts.count > 2 ? parts[2] : 0)
            return sign * seconds
        }
        func rule() -> DateRule? {
            var kind: DateRule.Kind
            if s.first == "M" {
                s = s.dropFirst()
                let fields = s.prefix { $0.isNumber || $0 == "." }.split(separator: ".").compactMap { Int($0) }
                guard fields.count == 3 else { return nil }
                s = s.dropFirst(s.prefix { $0.isNumber || $0 == "." }.count)
                kind = .monthWeekDay(month: fields[0], week: fields[1], weekday: fields[2])
            } else if s.first == "J" {
                s = s.dropFirst()
                let digits = s.prefix { $0.isNumber }
                guard let n = Int(digits) else { return nil }
                s = s.dropFirst(digits.count)
                kind = .julianNoLeap(n)
            } else {
                let digits = s.prefix { $0.isNumber }
                guard let n = Int(digits) else { return nil }
                s = s.dropFirst(digits.count)
                kind = .zeroBased(n)
            }
            var time = 7200
            if s.first == "/" {
                s = s.dropFirst()
                guard let t = clock() else { return nil }
                time = t
            }
            return DateRule(kind: kind, time: time)
        }

        guard let stdName = name(), let stdClock = clock() else { return nil }
        standard = ZoneInfo.Period(offset: -stdClock, isDST: false, abbreviation: stdName)
        guard !s.isEmpty else { return }
        guard let dstName = name() else { return nil }
        var dstOffset = standard.offset + 3600
        if let first = s.first, first != "," {
            guard let c = clock() else { return nil }
            dstOffset = -c
        }
        daylight = ZoneInfo.Period(offset: dstOffset, isDST: true, abbreviation: dstName)
        guard s.first == "," else { return nil }
        s = s.dropFirst()
        guard let a = rule(), s.first == "," else { return nil }
        s = s.dropFirst()
        guard let b = rule(), s.isEmpty else { return nil }
        start = a
        end = b
    }

    func period(at t: Int64) -> ZoneInfo.Period {
        guard let daylight, let (startUTC, endUTC) = changes(in: year(of: t)) else { return standard }
        let inDST = startUTC < endUTC ? (t >= startUTC && t < endUTC) : !(t >= endUTC && t < startUTC)
        return inDST ? daylight : standard
    }

    /// The next instant after `t` at which daylight time starts or ends.
    func nextTransition(after t: Int64) -> Int64? {
        let year = year(of: t)
        return (year...year + 1).compactMap { changes(in: $0) }.flatMap { [$0.start, $0.end] }.filter { $0 > t }.min()
    }

    private func year(of t: Int64) -> Int {
        CalendarDay(dayNumber: Int(floorDiv(t + Int64(standard.offset), 86_400))).year
    }

    /// The UTC instants daylight time starts and ends in `year`; nil without daylight time.
    private func changes(in year: Int) -> (start: Int64, end: Int64)? {
        guard let daylight, let start, let end else { return nil }
        // Transitions happen at local wall time: start in standard time, end in daylight time.
        return (instant(start, year) - Int64(standard.offset), instant(end, year) - Int64(daylight.offset))
    }

    /// Local seconds since the epoch at which `rule` fires in `year`.
    private func instant(_ rule: DateRule, _ year: Int) -> Int64 {
        let day: Int
        switch rule.kind {
        case .monthWeekDay(let month, let week, let weekday):
            let first = CalendarDay(year: year, month: month, day: 1).dayNumber
            let firstWeekday = ((first + 4) % 7 + 7) % 7  // 1970-01-01 was a Thursday (4).
            var d = first + ((weekday - firstWeekday) % 7 + 7) % 7 + (week - 1) * 7
            let monthEnd = first + CalendarDay.daysIn(month: month, year: year)
            while d >= monthEnd { d -= 7 }  // week 5 means "last".
            day = d
        case .julianNoLeap(let n):
            let jan1 = CalendarDay(year: year, month: 1, day: 1).dayNumber
            let isLeap = CalendarDay.daysIn(month: 2, year: year) == 29
            day = jan1 + n - 1 + (isLeap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            day = CalendarDay(year: year, month: 1, day: 1).dayNumber + n
        }
        return Int64(day) * 86_400 + Int64(rule.time)
    }
}
