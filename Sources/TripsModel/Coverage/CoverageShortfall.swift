/// What a league's loaded schedule lacks for the days or season a command asked about: the
/// reason an empty or short answer is not the whole truth.
public enum CoverageShortfall: Sendable, Hashable {
    /// No game of the season is loaded; `opening` is the first day of the league's months.
    case notLoaded(sport: String, season: String, opening: CalendarDay)
    /// The season is loaded but not known to be complete, and the days asked lie outside its
    /// loaded days (or a whole season was asked).
    case partlyLoaded(SeasonCoverage)
    /// Days inside a loaded season with no games published yet.
    case notPublished(SeasonCoverage, ScheduleGap)

    public var sport: String {
        switch self {
        case .notLoaded(let sport, _, _): sport
        case .partlyLoaded(let season), .notPublished(let season, _): season.sport
        }
    }
}

/// Finds the shortfalls of what the store holds for a question: which leagues and seasons it
/// touches, and what of them is not loaded, partly loaded or not published yet.
public struct CoverageCheck: Sendable {
    public var sports: [Sport]
    public var coverage: [SeasonCoverage]

    public init(sports: [Sport], coverage: [SeasonCoverage]) {
        self.sports = sports
        self.coverage = coverage
    }

    /// An open end of a date window (`--from today`) looks this far ahead (or back).
    public static let openWindowDays = 27

    /// The shortfalls for `leagues` (nil: every league in season on those days) on the days
    /// `from`…`to` (either may be open) and, or only, in `season`. Nothing without dates or
    /// a season: a whole listing asks for what is loaded, not for particular days.
    public func shortfalls(
        leagues: Set<String>?, from: CalendarDay?, to: CalendarDay?, season: String?
    ) -> [CoverageShortfall] {
        let window: ClosedRange<CalendarDay>? =
            switch (from, to) {
            case (let from?, let to?): from <= to ? from...to : nil
            case (let from?, nil): from...from.adding(days: Self.openWindowDays)
            case (nil, let to?): to.adding(days: -Self.openWindowDays)...to
            case (nil, nil): nil
            }
        guard window != nil || season != nil else { return [] }
        var found: [CoverageShortfall] = []
        for sport in sports.sorted(by: { $0.sportId < $1.sportId }) where leagues?.contains(sport.sportId) ?? true {
            let own = coverage.filter { $0.sport == sport.sportId }
            let split =
                own.isEmpty ? sport.seasonStartMonth > sport.seasonEndMonth : own.contains { $0.season.contains("-") }
            var asked = window.map { seasonsTouched(by: $0, sport: sport, split: split) } ?? []
            if let season {
                if window == nil, let year = Int(season.prefix(4)), season.contains("-") == split {
                    asked = [(season, year)]
                } else {
                    asked = asked.filter { $0.name == season }
                }
            }
            for (name, year) in asked {
                guard let loaded = own.first(where: { $0.season == name }) else {
                    found.append(
                        .notLoaded(sport: sport.sportId, season: name, opening: sport.seasonOpening(startYear: year)))
                    continue
                }
                guard let window else {
                    if loaded.isComplete != true { found.append(.partlyLoaded(loaded)) }
                    found += loaded.unpublished.map { .notPublished(loaded, $0) }
                    continue
                }
                let before = max(window.lowerBound, sport.seasonOpening(startYear: year)) < loaded.firstDay
                let after = min(window.upperBound, sport.seasonClosing(startYear: year)) > loaded.lastDay
                if loaded.isComplete != true && (before || after) { found.append(.partlyLoaded(loaded)) }
                found += loaded.unpublished.filter { $0.overlaps(from: window.lowerBound, to: window.upperBound) }
                    .map { .notPublished(loaded, $0) }
            }
        }
        return found
    }

    /// The seasons whose months hold a day of `window`, in order, each with its start year.
    private func seasonsTouched(
        by window: ClosedRange<CalendarDay>, sport: Sport, split: Bool
    ) -> [(name: String, year: Int)] {
        var touched: [(name: String, year: Int)] = []
        var day = window.lowerBound
        while day <= window.upperBound {
            if let year = sport.seasonStartYear(containing: day), !touched.contains(where: { $0.year == year }) {
                touched.append((Sport.seasonName(startYear: year, splitYear: split), year))
            }
            // The league's months decide: the first of the next month stands for all its days.
            day = CalendarDay(year: day.year + day.month / 12, month: day.month % 12 + 1, day: 1)
        }
        return touched
    }
}
