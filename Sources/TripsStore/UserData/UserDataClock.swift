/// How far this device's clock is from the cloud's, so that edits are dated in the cloud's time.
/// A device whose clock runs an hour (or a year) ahead would otherwise win with an older edit
/// made offline over a newer one that reached the cloud first (issue 37 item 5). Measured at
/// each export against the modification time the cloud gave a record it saved; until the first
/// export, edits carry the device's own clock (and the cloud caps them at the time it receives
/// them, `UserRecord(wire:)`).
extension CanonicalStore {
    static let clockSkewKey = "clockSkewMs"
    /// Within this of the request's span a difference is the network's, not the clock's.
    public static let clockSkewNoiseMs: Int64 = 5_000
    /// More than this apart (dates are 1900–2200) is a broken answer, not a clock.
    static let clockSkewLimitMs: UInt64 = 300 * 366 * 86_400_000

    /// Cloud time minus device time, in ms; 0 until measured or when within the noise.
    public func userClockSkewMs() throws -> Int64 {
        try userSyncValue(Self.clockSkewKey).flatMap { Int64($0) } ?? 0
    }

    /// Notes that the cloud's clock read `cloudMs` while this device's went from `sentMs` (the
    /// request left) to `receivedMs` (the answer came). Within that span, give or take the noise,
    /// the clocks agree: a slow answer is not a skew. Outside it, the skew is measured against the
    /// span's end — the smallest it can be — so a corrected edit is never dated later than it was
    /// made and an older edit never beats one the cloud received before it.
    public func noteCloudClock(cloudMs: Int64, sentMs: Int64, receivedMs: Int64) throws {
        let early = sentMs.subtractingReportingOverflow(Self.clockSkewNoiseMs)
        let late = receivedMs.addingReportingOverflow(Self.clockSkewNoiseMs)
        guard !early.overflow, !late.overflow, sentMs <= receivedMs else { return }
        var kept: String?
        if cloudMs < early.partialValue || cloudMs > late.partialValue {
            let (skew, overflow) = cloudMs.subtractingReportingOverflow(receivedMs)
            guard !overflow, skew.magnitude <= Self.clockSkewLimitMs else { return }
            kept = String(skew)
        }
        if try userSyncValue(Self.clockSkewKey) != kept { try setUserSyncValue(Self.clockSkewKey, kept) }
    }

    /// A time of this device's clock in the cloud's.
    func cloudTime(deviceMs: Int64) throws -> Int64 {
        let (time, overflow) = deviceMs.addingReportingOverflow(try userClockSkewMs())
        return overflow ? deviceMs : time
    }
}
