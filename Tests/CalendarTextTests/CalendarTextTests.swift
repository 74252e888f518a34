import CalendarText
import Testing

@Suite struct CalendarTextTests {
    @Test func sequenceGrowsWithTheModificationTimeAndStartsAtZero() {
        #expect(CalendarText.sequence(modifiedMs: 0) == 0)
        #expect(CalendarText.sequence(modifiedMs: 1_577_836_800_000) == 0)
        #expect(CalendarText.sequence(modifiedMs: 1_577_836_801_999) == 1)
        let before = CalendarText.sequence(modifiedMs: 1_767_225_600_000)
        let after = CalendarText.sequence(modifiedMs: 1_767_225_601_000)
        #expect(after == before + 1)
        #expect(CalendarText.sequence(modifiedMs: 3_600_000_000_000) <= Int(Int32.max), "an RFC 5545 INTEGER")
    }

    @Test func namesAndHeader() {
        #expect(CalendarText.calendarName(team: "Houston Astros", season: "2026") == "Houston Astros 2026")
        #expect(CalendarText.calendarName(league: "MLB", season: "2026") == "MLB 2026")
        #expect(CalendarText.calendarName() == "trips")
        #expect(CalendarText.date(year: 2026, month: 3, day: 7) == "20260307")
        let header = CalendarText.header(name: "A, B", productID: "-//x//EN")
        #expect(header.contains("X-WR-CALNAME:A\\, B"))
        #expect(header.contains("REFRESH-INTERVAL;VALUE=DURATION:PT6H"))
        #expect(header.contains("X-PUBLISHED-TTL:PT6H"))
    }

    @Test func foldingKeepsUTF8SequencesWhole() {
        #expect(CalendarText.escape("a;b,c\\d\ne\u{1B}\tf") == "a\\;b\\,c\\\\d\\ne\\\\u{1B}\tf")
        let folded = CalendarText.fold("SUMMARY:" + String(repeating: "é", count: 60))
        let lines = folded.split(separator: "\r\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(folded.hasSuffix("\r\n"))
        #expect(lines.last?.hasPrefix(" ") == true)
    }

    @Test func anEventCarriesUIDSequenceAndStatus() {
        let event = CalendarEvent(
            uid: "game_mlb_1", modifiedMs: 1_767_225_600_000, start: .utc(ms: 1_774_656_900_000),
            end: .utc(ms: 1_774_667_700_000), summary: CalendarEvent.summary(away: "NYY", home: "HOU"),
            status: CalendarEvent.Status(gameStatus: "cancelled"))
        let lines = event.lines { "T\($0)" }
        #expect(lines.contains("UID:game_mlb_1"))
        #expect(lines.contains("SEQUENCE:\(CalendarText.sequence(modifiedMs: 1_767_225_600_000))"))
        #expect(lines.contains("LAST-MODIFIED:T1767225600000"))
        #expect(lines.contains("DTSTART:T1774656900000"))
        #expect(lines.contains("SUMMARY:NYY @ HOU"))
        #expect(lines.contains("STATUS:CANCELLED"))
        #expect(CalendarEvent.Status(gameStatus: "scheduled") == .confirmed)
        #expect(CalendarEvent.summary(away: "A", home: "B", gameNumber: 2) == "A @ B (game 2)")
    }
}
