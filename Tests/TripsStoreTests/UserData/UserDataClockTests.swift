import Testing

@testable import TripsStore

/// The device's clock against the cloud's (issue 37 item 5): a slow answer is not a skew, a
/// clock outside the request's span is, and edits are then dated in the cloud's time.
@Suite struct UserDataClockStoreTests {
    @Test func aCloudTimeWithinTheRequestsSpanIsNoSkewHoweverSlowTheAnswer() throws {
        let store = try CanonicalStore(location: .memory)
        try store.noteCloudClock(cloudMs: 1_000_000, sentMs: 1_000_000 - 30_000, receivedMs: 1_000_000 + 60_000)
        #expect(try store.userClockSkewMs() == 0)
        try store.noteCloudClock(cloudMs: 1_000_000, sentMs: 1_004_000, receivedMs: 1_004_000)
        #expect(try store.userClockSkewMs() == 0, "within the noise")
    }

    @Test func aClockAnHourAheadIsMeasuredAndEditsAreDatedInTheCloudsTime() throws {
        let store = try CanonicalStore(location: .memory)
        let hour: Int64 = 3_600_000
        try store.noteCloudClock(cloudMs: 10_000_000, sentMs: 10_000_000 + hour, receivedMs: 10_000_000 + hour + 200)
        #expect(try store.userClockSkewMs() == -hour - 200, "against the span's end: never later")
        let record = try store.editUserRecord(
            "trip_1", type: .savedTrip, set: ["name": "T"], device: "ahead", nowMs: 20_000_000 + hour)
        let dated: Int64 = 20_000_000 - 200
        #expect(record.fieldTimes["name"] == dated)
        #expect(record.updatedMs == dated)
        // The clock set right: the next measurement forgets the skew.
        try store.noteCloudClock(cloudMs: 30_000_000, sentMs: 30_000_000, receivedMs: 30_000_010)
        #expect(try store.userClockSkewMs() == 0)
    }

    @Test(arguments: [(Int64.max, Int64.min, Int64.min), (Int64.min, Int64.max, Int64.max), (0, 10, 5)])
    func absurdReadingsAreIgnored(cloudMs: Int64, sentMs: Int64, receivedMs: Int64) throws {
        let store = try CanonicalStore(location: .memory)
        try store.noteCloudClock(cloudMs: cloudMs, sentMs: sentMs, receivedMs: receivedMs)
        #expect(try store.userClockSkewMs() == 0)
    }
}
