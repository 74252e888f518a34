import FoundationEssentials
import TripsModel

/// A venue's wall clock, fast: UTC offsets precomputed for the planning period, and for each
/// local day its midnight and the start and end of the driving day (07:00, 23:00), so the
/// millions of "what local day is it / when may the fan drive" questions of graph building avoid
/// searching the zone's rules each time. Outside the period it asks the rules (`ZoneInfo`, the
/// same ones the store files games by), so it is never wrong, only slower.
final class ZoneClock: Sendable {
    let identifier: String
    private let zone: ZoneInfo
    private let coverage: ClosedRange<Double>
    /// Instants (seconds since 1970) where the offset changes, ascending.
    private let transitions: [Double]
    /// `offsets[i]` holds before `transitions[i]` (and the last one after the last transition).
    private let offsets: [Double]
    /// Local day number of `midnights[0]`; tables cover `firstDay ..< firstDay + midnights.count - 1`.
    private let firstDay: Int
    private let midnights: [Double]
    private let opens: [Double]
    private let closes: [Double]

    static let secondsPerDay: Double = 86_400
    /// Longest period (days) given day tables; longer coverage computes each answer.
    static let maxTableDays = 3_000

    init(zone: ZoneInfo, covering coverage: ClosedRange<Double>) {
        identifier = zone.identifier
        self.zone = zone
        self.coverage = coverage
        var transitions: [Double] = []
        var offsets = [Double(zone.offset(at: Date(timeIntervalSince1970: coverage.lowerBound)))]
        var cursor = Int64(coverage.lowerBound.rounded(.down))
        while let next = zone.nextTransition(after: cursor), Double(next) <= coverage.upperBound, next > cursor {
            transitions.append(Double(next))
            offsets.append(Double(zone.offset(at: Date(timeIntervalSince1970: Double(next)))))
            cursor = next
        }
        self.transitions = transitions
        self.offsets = offsets
        let first = Self.day(at: coverage.lowerBound, transitions: transitions, offsets: offsets)
        let last = Self.day(at: coverage.upperBound, transitions: transitions, offsets: offsets)
        firstDay = first
        guard last - first < Self.maxTableDays else {
            midnights = []
            opens = []
            closes = []
            return
        }
        let days = first...(last + 1)
        func at(_ day: Int, _ seconds: Double) -> Double {
            Self.instant(day: day, seconds: seconds, transitions: transitions, offsets: offsets)
        }
        midnights = days.map { at($0, 0) }
        opens = days.map { at($0, Double(DrivingRules.restEndHour * 3600)) }
        closes = days.map { at($0, Double(DrivingRules.restStartHour * 3600)) }
    }

    /// Seconds east of UTC at instant `t`.
    func offset(at t: Double) -> Double {
        guard coverage.contains(t) else { return Double(zone.offset(at: Date(timeIntervalSince1970: t))) }
        return Self.offset(at: t, transitions: transitions, offsets: offsets)
    }

    /// The local calendar day of `t`, as days since 1970-01-01 (`CalendarDay.dayNumber`).
    func day(at t: Double) -> Int {
        guard let firstMidnight = midnights.first, t >= firstMidnight, t < midnights[midnights.count - 1] else {
            return Int(((t + offset(at: t)) / Self.secondsPerDay).rounded(.down))
        }
        var index = min(midnights.count - 2, Int((t - firstMidnight) / Self.secondsPerDay))
        while midnights[index] > t { index -= 1 }
        while midnights[index + 1] <= t { index += 1 }
        return firstDay + index
    }

    /// The instant the local wall clock shows `seconds` past midnight on `day`.
    func instant(day: Int, seconds: Double) -> Double {
        guard coverage.contains(Double(day) * Self.secondsPerDay) else {
            let midnight = CalendarDay(dayNumber: day).start(in: zone)
            return midnight.timeIntervalSince1970 + seconds
                + Double(zone.offset(at: midnight) - zone.offset(at: midnight.addingTimeInterval(seconds)))
        }
        return Self.instant(day: day, seconds: seconds, transitions: transitions, offsets: offsets)
    }

    /// Local midnight starting `day`.
    func startOfDay(_ day: Int) -> Double { table(midnights, day) ?? instant(day: day, seconds: 0) }

    /// When the driving day opens (07:00) and closes (23:00) on `day`.
    func opening(_ day: Int) -> Double {
        table(opens, day) ?? instant(day: day, seconds: Double(DrivingRules.restEndHour * 3600))
    }

    func closing(_ day: Int) -> Double {
        table(closes, day) ?? instant(day: day, seconds: Double(DrivingRules.restStartHour * 3600))
    }

    @inline(__always)
    private func table(_ values: [Double], _ day: Int) -> Double? {
        let index = day - firstDay
        return index >= 0 && index < values.count ? values[index] : nil
    }

    private static func offset(at t: Double, transitions: [Double], offsets: [Double]) -> Double {
        var index = 0
        while index < transitions.count, transitions[index] <= t { index += 1 }
        return offsets[index]
    }

    private static func day(at t: Double, transitions: [Double], offsets: [Double]) -> Int {
        Int(((t + offset(at: t, transitions: transitions, offsets: offsets)) / secondsPerDay).rounded(.down))
    }

    private static func instant(day: Int, seconds: Double, transitions: [Double], offsets: [Double]) -> Double {
        let wall = Double(day) * secondsPerDay + seconds
        let guess = wall - offset(at: wall, transitions: transitions, offsets: offsets)
        let first = offset(at: guess, transitions: transitions, offsets: offsets)
        let settled = offset(at: wall - first, transitions: transitions, offsets: offsets)
        return settled == first ? wall - first : wall - settled
    }
}
