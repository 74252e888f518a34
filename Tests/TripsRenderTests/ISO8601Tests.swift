import Foundation
import Testing

@testable import TripsRender

@Suite struct ISO8601ParseTests {
    @Test func parsesWhatISO8601DateFormatterParses() {
        for text in [
            "2026-03-28T00:15:00Z", "2026-06-01T18:40:00-05:00", "1969-12-31T23:59:59Z",
        ] {
            #expect(ISO8601.parse(text) == ISO8601DateFormatter().date(from: text), "\(text)")
        }
        #expect(ISO8601.parse("2026-03-28T00:15:00Z").map(ISO8601.string) == "2026-03-28T00:15:00Z")
    }

    @Test(arguments: ["", "2026-03-28", "2026-03-28T00:15Z", "2026-13-28T00:15:00Z", "2026-03-28T25:00:00Z", "x"])
    func rejectsOtherText(text: String) {
        #expect(ISO8601.parse(text) == nil)
    }
}
