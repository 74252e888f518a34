import InputText

/// Parses the season forms fans type — `2026`, `2025-26`, `2025-2026` (or with `/`) — into
/// the spelling games are stored under ("2026", "2025-26"), so `2026-27` and `2026-2027` ask
/// for the same season. Anything else (`abc`, `26-27`, `2026-2028`) is refused: a season that
/// cannot exist must not quietly match no games.
public enum SeasonInput {
    /// The years a season may start in: professional leagues began in 1871.
    static let years = 1871...2100

    public static func parse(_ text: String) -> String? {
        let t = text.trimmed
        let parts = t.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "/", omittingEmptySubsequences: false)
        }
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            parts[0].count == 4, let start = Int(parts[0]), years.contains(start)
        else { return nil }
        guard parts.count == 2 else { return String(start) }
        let end = parts[1]
        switch end.count {
        case 2: guard Int(end) == (start + 1) % 100 else { return nil }
        case 4: guard Int(end) == start + 1 else { return nil }
        default: return nil
        }
        let short = (start + 1) % 100
        return "\(start)-\(short < 10 ? "0" : "")\(short)"
    }

    /// Parses an option's value, or throws the "accepted forms" message (exit 2).
    public static func option(_ name: String, _ value: String?) throws(InputError) -> String? {
        guard let value else { return nil }
        guard let season = parse(value) else { throw .badSeason(option: "--\(name)", value: value) }
        return season
    }
}
