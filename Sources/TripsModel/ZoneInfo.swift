import FoundationEssentials

/// A time zone's rules parsed from TZif bytes (RFC 8536, the files of the system tz database):
/// UTC offset, DST flag and abbreviation ("CDT") for any instant. It is the one source of
/// local time — the day a game is filed under and the day it is shown on both come from it,
/// so a tzdata update cannot make them disagree — and it is ~20× cheaper than an ICU
/// `DateFormatter` per zone. Pure: reading the files is `ZoneDatabase`'s job (TripsZones).
public struct ZoneInfo: Sendable {
    /// One local time type: offset east of UTC in seconds, DST flag, abbreviation.
    public struct Period: Sendable, Hashable {
        public var offset: Int
        public var isDST: Bool
        public var abbreviation: String
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

    /// Parses TZif bytes (version 1, 2 or 3; the 64-bit block is used when present).
    public init?(identifier: String, tzif bytes: [UInt8]) {
        func u32(_ i: Int) -> Int {
            Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        }
        func i32(_ i: Int) -> Int64 { Int64(Int32(bitPattern: UInt32(u32(i)))) }
        func i64(_ i: Int) -> Int64 {
            var v: UInt64 = 0
            for k in 0..<8 { v = v << 8 | UInt64(bytes[i + k]) }
            return Int64(bitPattern: v)
        }
        guard bytes.count >= 44, bytes[0] == 0x54, bytes[1] == 0x5A, bytes[2] == 0x69, bytes[3] == 0x66 else {
            return nil
        }
        let version = bytes[4]
        var offset = 0
        var timeSize = 4
        func counts(_ at: Int) -> (isut: Int, isstd: Int, leap: Int, time: Int, type: Int, char: Int) {
            (u32(at + 20), u32(at + 24), u32(at + 28), u32(at + 32), u32(at + 36), u32(at + 40))
        }
        var c = counts(0)
        if version >= 0x32 {  // '2' or later: skip the 32-bit block.
            let v1Size = c.time * 5 + c.type * 6 + c.char + c.leap * 8 + c.isstd + c.isut
            offset = 44 + v1Size
            guard bytes.count >= offset + 44 else { return nil }
            c = counts(offset)
            timeSize = 8
        }
        var p = offset + 44
        let needed = c.time * timeSize + c.time + c.type * 6 + c.char + c.leap * (timeSize + 4) + c.isstd + c.isut
        guard c.type > 0, bytes.count >= p + needed else { return nil }
        var transitions: [Int64] = []
        transitions.reserveCapacity(c.time)
        for i in 0..<c.time { transitions.append(timeSize == 8 ? i64(p + i * 8) : i32(p + i * 4)) }
        p += c.time * timeSize
        let transitionTypes = (0..<c.time).map { Int(bytes[p + $0]) }
        p += c.time
        var rawTypes: [(Int, Bool, Int)] = []
        for i in 0..<c.type {
            let base = p + i * 6
            rawTypes.append((Int(i32(base)), bytes[base + 4] != 0, Int(bytes[base + 5])))
        }
        p += c.type * 6
        let chars = Array(bytes[p..<p + c.char])
        p += c.char + c.leap * (timeSize + 4) + c.isstd + c.isut
        let types = rawTypes.map { (offset, isDST, index) -> Period in
            var end = index
            while end < chars.count, chars[end] != 0 { end += 1 }
            let name = index < chars.count ? String(decoding: chars[index..<end], as: UTF8.self) : ""
            return Period(offset: offset, isDST: isDST, abbreviation: name)
        }
        guard transitionTypes.allSatisfy({ $0 < types.count }) else { return nil }
        var footer: PosixRule?
        if timeSize == 8, p < bytes.count, bytes[p] == 0x0A,
            let end = bytes[(p + 1)...].firstIndex(of: 0x0A), end > p + 1
        {
            footer = PosixRule(String(decoding: bytes[(p + 1)..<end], as: UTF8.self))
        }
        self.identifier = identifier
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        self.types = types
        self.footer = footer
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

/// The TZ-string rule of POSIX (and RFC 8536 §3.3) for times after a TZif file's last
/// transition: `std offset [dst [offset] [,start[/time],end[/time]]]`.
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
