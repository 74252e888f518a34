import Testing
import TripsRender

@Suite struct DisplayWidthTests {
    /// Widths are terminal columns: a wide character takes two, a combining mark none, an em
    /// dash (three bytes) one.
    @Test func displayWidthCountsColumnsNotBytes() {
        #expect("東京ドーム".displayWidth == 10)
        #expect("Montréal".displayWidth == 8)
        #expect("Montre\u{301}al".displayWidth == 8)
        #expect("a — b".displayWidth == 5)
        #expect("Oriole Park at Camden Yards".truncated(toColumns: 12) == "Oriole Park…")
        #expect("東京ドーム".truncated(toColumns: 5) == "東京…")
        #expect("Fenway Park".truncated(toColumns: 11) == "Fenway Park")
    }
}
