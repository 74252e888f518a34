import Foundation
import Testing

@testable import CloudServer

/// `trips-cloud admin postpone` moves a game only within its season's days.
@Suite struct PostponeWindowTests {
    static func day(_ text: String) -> Date { ISO8601DateFormatter().date(from: text + "T12:00:00Z")! }

    @Test func aSeasonsDaysAreItsYearOrItsTwoHalves() throws {
        let split = try #require(RealWorldEdits.window(of: "2026-27"))
        #expect(split.contains(Self.day("2026-10-07")) && split.contains(Self.day("2027-06-10")))
        #expect(!split.contains(Self.day("2031-01-01")) && !split.contains(Self.day("2026-05-01")))
        let year = try #require(RealWorldEdits.window(of: "2026"))
        // The NFL's 2026 season ends with a game in February 2027.
        #expect(year.contains(Self.day("2027-02-07")) && year.contains(Self.day("2026-03-26")))
        #expect(!year.contains(Self.day("2027-04-02")) && !year.contains(Self.day("2025-12-31")))
        #expect(RealWorldEdits.window(of: "spring") == nil && RealWorldEdits.window(of: "99999") == nil)
    }
}
