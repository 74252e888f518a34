import Foundation

/// A venue's wall clock, fast: UTC offsets precomputed for the planning period, so the millions
/// of "what local day is it / when is 07:00" questions of graph building avoid Foundation's
/// calendar (which is correct across DST but costs microseconds a call).
struct ZoneClock: Sendable {
    let identifier: String
    private let zone: TimeZone
    private let coverage: ClosedRange<Double>
    /// Instants (seconds since 1970) where the offset changes, ascending.
    private let transitions: [Double]
    /// `offsets[i]` holds before `transitions[i]` (and the last one after the last transition).
    private let offsets: [Double]

    static let secondsPerDay: Double = 86_400

    init(zone: TimeZone, covering coverage: ClosedRange<Double>) {
        self.identifier = zone.identifier
        self.zone = zone
        self.coverage = coverage
        var transitions: [Double] = []
        var offsets = [Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: coverage.lowerBound)))]
        var cursor = Date(timeIntervalSince1970: coverage.lowerBound)
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor),
            next.timeIntervalSince1970 <= coverage.upperBound, next > cursor
        {
            transitions.append(next.timeIntervalSince1970)
            offsets.append(Double(zone.secondsFromGMT(for: next)))
            cursor = next
        }
        self.transitions = transitions
        self.offsets = offsets
    }

    /// Seconds east of UTC at instant `t`.
    func offset(at t: Double) -> Double {
        guard coverage.contains(t) else { return Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: t))) }
        var index = 0
        while index < transitions.count, transitions[index] <= t { index += 1 }
        return offsets[index]
    }

    /// The local calendar day of `t`, as days since 1970-01-01 (`CalendarDay.dayNumber`).
    func day(at t: Double) -> Int {
        Int(((t + offset(at: t)) / Self.secondsPerDay).rounded(.down))
    }

    /// The instant the local wall clock shows `seconds` past midnight on `day`.
    func instant(day: Int, seconds: Double) -> Double {
        let wall = Double(day) * Self.secondsPerDay + seconds
        let guess = wall - offset(at: wall)
        let t = wall - offset(at: guess)
        let settled = offset(at: t)
        return settled == offset(at: guess) ? t : wall - settled
    }

    /// Local midnight starting `day`.
    func startOfDay(_ day: Int) -> Double { instant(day: day, seconds: 0) }
}
