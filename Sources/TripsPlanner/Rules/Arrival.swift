/// Where a drive gets the fan: the first reachable chain position, the driving that counts
/// against the limit on arriving, and from when it no longer does (`DriveModel.restedBy`).
struct Arrival: Sendable {
    var first: Int
    var restedBy: Double
    var carry: Double

    /// Driving that still counts when the fan leaves a game this drive reached at `leave`.
    @inline(__always)
    func carry(leaving leave: Double) -> Double { leave < restedBy ? carry : 0 }
}
