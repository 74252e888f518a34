/// How the fan drives between games. Defaults follow DESIGN §9: 6 h a day at 55 mph over roads
/// 1.2 times longer than the great circle, no driving between 23:00 and 07:00.
public struct DrivingRules: Sendable, Hashable, Codable {
    /// Driving allowed per calendar day (the origin venue's clock), summed over all legs that day.
    public var maxHoursPerDay: Double
    public var averageSpeedMph: Double
    /// Road miles per great-circle mile.
    public var roadFactor: Double
    /// Arrive at least this long before a game starts (parking, gates).
    public var bufferBeforeGameMinutes: Double
    /// Leave no earlier than this long after a game ends (crowds, traffic).
    public var bufferAfterGameMinutes: Double
    /// Whether driving between 23:00 and 07:00 (local time where the leg starts) is allowed.
    public var allowsOvernightDriving: Bool

    public init(
        maxHoursPerDay: Double = 6, averageSpeedMph: Double = 55, roadFactor: Double = 1.2,
        bufferBeforeGameMinutes: Double = 30, bufferAfterGameMinutes: Double = 30,
        allowsOvernightDriving: Bool = false
    ) {
        self.maxHoursPerDay = maxHoursPerDay
        self.averageSpeedMph = averageSpeedMph
        self.roadFactor = roadFactor
        self.bufferBeforeGameMinutes = bufferBeforeGameMinutes
        self.bufferAfterGameMinutes = bufferAfterGameMinutes
        self.allowsOvernightDriving = allowsOvernightDriving
    }

    /// The night rest: no driving from `restStartHour` to `restEndHour` unless allowed.
    public static let restStartHour = 23
    public static let restEndHour = 7
    /// A drive this short (seconds) is a hop between neighbouring venues, not driving
    /// (`DriveModel.hopSeconds`): no limit, no night rest, no "drives at night".
    public static let hopSeconds: Double = 3 * 60

    /// Road miles between two points.
    public func roadMiles(greatCircleMiles: Double) -> Double { greatCircleMiles * roadFactor }

    /// Hours at the wheel for `roadMiles`.
    public func driveHours(roadMiles: Double) -> Double { roadMiles / averageSpeedMph }
}
