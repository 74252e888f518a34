import OutputText
import TripsModel

/// The one wording of what the store lacks for a question (`CoverageShortfall`), shown under
/// every empty or short answer: the league and season, what is missing, and the remedy.
public enum CoverageNote {
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// What to run: the last piece of every note, never broken across lines.
    static let remedy = "— `trips sync`"

    /// One note per shortfall, each "note: …" wrapped to 80 columns, the remedy last.
    public static func lines(_ shortfalls: [CoverageShortfall], today: CalendarDay) -> [String] {
        shortfalls.flatMap { shortfall in
            let words = ("note: " + text(shortfall, today: today)).split(separator: " ").map {
                String($0.replacing(glue, with: " "))
            }
            // Between seasons nothing is missing: the note is the reason, with no remedy.
            let remedy: [String] = if case .offSeason = shortfall { [] } else { [remedy] }
            return TextWrap.lines(
                words + remedy, separator: " ", first: TextWrap.columns, rest: TextWrap.columns - 6
            ).enumerated().map { $0.offset == 0 ? $0.element : "      " + $0.element }
        }
    }

    /// Joins the words of a date ("Apr 12") in `text`, so a note breaks between them only.
    public static let glue = "\u{00A0}"

    /// "NHL 2026-27 is not loaded (the season began in October)", without the remedy; the
    /// spaces inside dates are `glue`.
    public static func text(_ shortfall: CoverageShortfall, today: CalendarDay) -> String {
        switch shortfall {
        case .notLoaded(let sport, let season, let opening):
            let when = opening <= today ? "began" : "begins"
            return "\(sport.uppercased()) \(season) is not loaded (the season \(when) in "
                + "\(months[opening.month - 1]))"
        case .partlyLoaded(let loaded):
            let count =
                loaded.expectedGames.map { "\(loaded.games.grouped) of \($0.grouped) games" }
                ?? "\(loaded.games.grouped) games so far"
            return "\(name(loaded)) is partly loaded: \(count), \(glued(loaded.firstDay, loaded.lastDay))"
        case .postseasonNotLoaded(let sport, let season, let lastDay):
            let when = lastDay < today ? "ended" : "ends"
            return "\(sport.uppercased()) \(season) has no postseason games loaded (its regular season "
                + "\(when) \(glued(lastDay, lastDay)))"
        case .offSeason(let sport, let previous, let lastDay, let next, let opening, let nextIsLoaded):
            // As the plan's date question says it (`DateWindowGames`): "MLB 2026 ended Sep 27
            // (the off-season; 2027 begins in March)".
            let name = sport.uppercased()
            let begins = nextIsLoaded ? glued(opening, opening) : "in \(months[opening.month - 1])"
            switch lastDay {
            case let ended? where nextIsLoaded:
                return "\(name) is between seasons (\(previous) ended \(glued(ended, ended)), \(next) begins \(begins))"
            case let ended?:
                return "\(name) \(previous) ended \(glued(ended, ended)) (the off-season; \(next) begins \(begins))"
            case nil: return "\(name) is in its off-season (\(next) begins \(begins))"
            }
        case .notPublished(let loaded, let gap):
            return "\(name(loaded)) has no games published yet \(glued(gap.first, gap.last))"
        }
    }

    /// `range` with its spaces glued.
    static func glued(_ first: CalendarDay, _ last: CalendarDay) -> String {
        range(first, last).replacing(" ", with: glue)
    }

    /// "NBA 2026-27".
    static func name(_ season: SeasonCoverage) -> String { "\(season.sport.uppercased()) \(season.season)" }

    /// "Dec 4–11", "Oct 20–Apr 11", "Dec 4" (the season names the year).
    public static func range(_ first: CalendarDay, _ last: CalendarDay) -> String {
        let start = "\(first.monthName) \(first.day)"
        if first == last { return start }
        return start + "–" + (first.month == last.month && first.year == last.year ? "" : "\(last.monthName) ")
            + "\(last.day)"
    }
}
