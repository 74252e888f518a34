import Foundation
import TestSupport
import Testing
import TripsModel
import TripsZones

@Suite struct TZifTests {
    @Test func theFooterIsReadAsTheRuleBeyondTheLastTransition() throws {
        // A file with no transitions at all, only the footer: everything comes from the rule.
        let bytes = tzifBytes(abbreviation: "CST", offset: -21_600, footer: "CST6CDT,M3.2.0,M11.1.0")
        let info = try #require(ZoneInfo(identifier: "Test/Central", tzif: bytes))
        #expect(info.identifier == "Test/Central")
        let summer = ISO8601DateFormatter().date(from: "2031-07-04T17:00:00Z")!
        let winter = ISO8601DateFormatter().date(from: "2031-12-04T17:00:00Z")!
        #expect(info.period(at: summer) == ZoneInfo.Period(offset: -18_000, isDST: true, abbreviation: "CDT"))
        #expect(info.period(at: winter) == ZoneInfo.Period(offset: -21_600, isDST: false, abbreviation: "CST"))
    }

    @Test func bytesThatAreNotTZifAreRejected() {
        #expect(ZoneInfo(identifier: "x", tzif: Array("not a tz file at all, clearly, no".utf8)) == nil)
    }
}
