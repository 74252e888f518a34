import FoundationEssentials
import Glibc
import InputText
import OutputText
import TripsModel
import TripsZones

/// Reads the zone a user types for `--tz`: an IANA name, a US abbreviation or a fixed
/// `UTC±H[:MM]` offset, always resolved to a zone the tz database knows.
///
/// The choice for abbreviations: a fan typing `MST` or `EST` means "Denver time" or "New
/// York time", not a fixed offset that is an hour off all summer. So every US abbreviation —
/// standard, daylight or generic (`EST`, `EDT`, `ET`) — names the region's DST-aware zone;
/// the tz database's own fixed `EST`/`MST`/`HST` zones and Foundation's Java-era three-letter
/// aliases (where `BST` is Bangladesh and `AST` Alaska) are not used. Arizona (MST all year)
/// is `America/Phoenix`; a fixed offset is `UTC-7`.
public enum ZoneInput {
    /// US abbreviations → the DST-aware zone of the region they name.
    static let abbreviations: [String: String] = {
        var table: [String: String] = [:]
        for (names, zone) in [
            (["ET", "EST", "EDT"], "America/New_York"), (["CT", "CST", "CDT"], "America/Chicago"),
            (["MT", "MST", "MDT"], "America/Denver"), (["PT", "PST", "PDT"], "America/Los_Angeles"),
            (["AKT", "AKST", "AKDT"], "America/Anchorage"), (["HT", "HST", "HDT"], "Pacific/Honolulu"),
        ] {
            for name in names { table[name] = zone }
        }
        return table
    }()

    /// The zone identifier for `text`, or nil when it names none.
    public static func resolve(_ text: String) -> String? {
        let trimmed = text.trimmed
        if let zone = abbreviations[trimmed.uppercased()] { return zone }
        if let offset = fixedOffset(trimmed) { return offset }
        // Real tz database names only (what the renderers read).
        if ZoneDatabase.system.zone(trimmed) != nil { return trimmed }
        return nil
    }

    /// `UTC-5`, `UTC+05:30`, `GMT+2`, `UTC-0330` → a fixed zone: `Etc/GMT+5` for whole hours
    /// (the tz database's sign is inverted), else `GMT+0530` (Foundation's name for such a zone).
    static func fixedOffset(_ text: String) -> String? {
        let upper = text.uppercased()
        guard upper.hasPrefix("UTC") || upper.hasPrefix("GMT") else { return nil }
        let rest = upper.dropFirst(3)
        guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
        let digits = rest.dropFirst().replacing(":", with: "")
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCII), let number = Int(digits) else {
            return nil
        }
        let (hours, minutes) = digits.count <= 2 ? (number, 0) : (number / 100, number % 100)
        guard hours <= 14, minutes < 60, [0, 30, 45].contains(minutes) else { return nil }
        if minutes == 0 { return hours == 0 ? "UTC" : "Etc/GMT\(sign == "+" ? "-" : "+")\(hours)" }
        return "GMT\(sign)" + Numeral.padded(hours) + Numeral.padded(minutes)
    }
}
