/// Where a drive gets the fan: the first reachable chain position, the local day of arrival
/// (at the destination) and the seconds driven on that day.
struct Arrival: Sendable {
    var first: Int
    var day: Int
    var carry: Double

    /// Driving already done on `leaveDay`, the day the fan leaves a game this drive reached:
    /// the drive's last day's driving if that is the same day, else none.
    @inline(__always)
    func carry(leaving leaveDay: Int) -> Double { leaveDay == day ? carry : 0 }
}
