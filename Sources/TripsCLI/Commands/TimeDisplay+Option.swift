import ArgumentParsing
import TripsInput
import TripsRender

extension TimeDisplay {
    /// `--tz ZONE` of `games` and `export`: `use` says what it sets, the zones it reads are
    /// listed once.
    static func option(_ use: String) -> Option<String?> {
        .value("tz", "ZONE", "\(use): venue (default), local, UTC, UTC-5, ET/CT/MT/PT, or an IANA zone")
    }

    /// `venue`, `local` (the user's TZ), `UTC`, or what `ZoneInput` reads (an IANA name, a
    /// US abbreviation as its DST-aware zone, `UTC-5`).
    static func parse(_ text: String?, context: CLIContext) throws -> TimeDisplay {
        guard let text, text.lowercased() != "venue" else { return .venue }
        switch text.lowercased() {
        case "local": return .fixed(context.localZone.identifier)
        case "utc", "z", "gmt": return .fixed("UTC")
        default:
            guard let zone = ZoneInput.resolve(text) else { throw InputError.badTimeZone(text) }
            return .fixed(zone)
        }
    }
}
