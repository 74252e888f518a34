import FoundationEssentials
import TripsModel

/// Where a leg pauses for the night (or because the day's driving limit is used up).
public struct OvernightStop: Sendable, Hashable, Codable {
    /// When the fan stops driving.
    public var stopAt: Date
    /// When driving resumes.
    public var resumeAt: Date
    /// Road miles driven on this leg before the stop.
    public var milesDriven: Double
    /// Roughly where: the point that far along the great circle.
    public var location: Coordinate
    /// The zone whose clock the leg's rest rules use (the leg's origin).
    public var timeZone: String

    public init(stopAt: Date, resumeAt: Date, milesDriven: Double, location: Coordinate, timeZone: String) {
        self.stopAt = stopAt
        self.resumeAt = resumeAt
        self.milesDriven = milesDriven
        self.location = location
        self.timeZone = timeZone
    }
}
