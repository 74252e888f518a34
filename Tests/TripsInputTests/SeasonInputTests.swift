import Testing

@testable import TripsInput

/// `--season` as fans type it (issue 9 item 9).
@Suite struct SeasonInputTests {
    @Test(arguments: [
        ("2026", "2026"), ("2025-26", "2025-26"), ("2025-2026", "2025-26"), ("2026-27", "2026-27"),
        ("2026-2027", "2026-27"), ("2025/26", "2025-26"), (" 2026 ", "2026"), ("2009-10", "2009-10"),
        ("1999-2000", "1999-00"), ("1999-00", "1999-00"),
    ])
    func acceptedFormsBecomeTheStoredSpelling(typed: String, stored: String) async {
        #expect(SeasonInput.parse(typed) == stored)
    }

    @Test(arguments: [
        "abc", "26-27", "26", "2026-2028", "2026-28", "2026-25", "2026-", "-2026", "2026-27-28", "20260", "", "１２３４",
    ])
    func impossibleSeasonsAreRefused(typed: String) async {
        #expect(SeasonInput.parse(typed) == nil)
    }
}
