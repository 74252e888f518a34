import Testing

@testable import TripsInput

/// `--tz`: abbreviations mean the region's DST-aware clock; fixed offsets and real zone names.
@Suite struct ZoneInputTests {
    @Test func usAbbreviationsNameTheRegionsDaylightSavingZone() async {
        for (typed, zone) in [
            ("EST", "America/New_York"), ("edt", "America/New_York"), ("ET", "America/New_York"),
            ("CST", "America/Chicago"), ("MST", "America/Denver"), ("MDT", "America/Denver"),
            ("PST", "America/Los_Angeles"), ("AKST", "America/Anchorage"), ("HST", "Pacific/Honolulu"),
        ] {
            #expect(ZoneInput.resolve(typed) == zone, "\(typed)")
        }
    }

    @Test func fixedOffsetsAndRealZoneNamesAreAcceptedAndOtherAbbreviationsAreNot() async {
        #expect(ZoneInput.resolve("UTC-7") == "Etc/GMT+7")
        #expect(ZoneInput.resolve("GMT+02:00") == "Etc/GMT-2")
        #expect(ZoneInput.resolve("UTC+05:30") == "GMT+0530")
        #expect(ZoneInput.resolve("America/Phoenix") == "America/Phoenix")
        #expect(ZoneInput.resolve("Europe/London") == "Europe/London")
        // Foundation would read these as Bangladesh, Alaska and India: refused, not guessed.
        for typed in ["BST", "AST", "IST", "Mars/Base", "UTC+25", "UTC-7:10"] {
            #expect(ZoneInput.resolve(typed) == nil, "\(typed)")
        }
    }
}
