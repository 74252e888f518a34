/// Finds the shortfalls of what the store holds for a question: which leagues and seasons it
/// touches, and what of them is not loaded, partly loaded or not published yet.
public struct CoverageCheck {
    public var sports: [Sport]
    public var reading: any SeasonCoverageReading

    public init(sports: [Sport], reading: any SeasonCoverageReading) {
        self.sports = sports
        self.reading = reading
    }

    /// An open end of a date window (`--from today`) looks this far ahead (or back).
    public static let openWindowDays = 27

    /// The shortfalls for `leagues` (nil: every league in season on those days) on the days
    /// `from`…`to` (either may be open) and, or only, in `season`. Nothing without dates or
    /// a season: a whole listing asks for what is loaded, not for particular days.
    public func shortfalls(
        leagues: Set<String>?, from: CalendarDay?, to: CalendarDay?, season: String?
    ) throws -> [CoverageShortfall] {
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
            var years = window.map { seasonYears(touchedBy: $0, sport: sport) } ?? []
            if window == nil, let season, let year = Int(season.prefix(4)) { years = [year] }
            let split = try splitsYears(sport)
            guard !years.isEmpty else {
                // A league asked by name, on days outside its months: say it is between seasons.
                if leagues != nil, season == nil, let window {
                    found.append(try offSeason(sport, around: window, splitYear: split))
                }
                continue
            }
            for year in years {
                let name = Sport.seasonName(startYear: year, splitYear: split)
                if let season, season != name { continue }
                found += try shortfalls(sport: sport, season: name, startYear: year, window: window)
            }
        }
        return found
    }

    /// For a whole listing of `leagues` (no days, no season): the shortfalls of each league's
    /// season under way on `today`. A fan listing a team's games in November expects this
    /// season's, so a listing of last season's alone says this one is missing; a league between
    /// seasons says nothing, as the listing shows every season loaded.
    public func shortfalls(leagues: Set<String>, underWayOn today: CalendarDay) throws -> [CoverageShortfall] {
        var found: [CoverageShortfall] = []
        for sport in sports.sorted(by: { $0.sportId < $1.sportId }) where leagues.contains(sport.sportId) {
            guard let year = sport.seasonStartYear(containing: today) else { continue }
            let split = try splitsYears(sport)
            let name = Sport.seasonName(startYear: year, splitYear: split)
            found += try shortfalls(sport: sport, season: name, startYear: year, window: nil)
        }
        return found
    }

    /// Whether the league's seasons are named by two years ("2026-27"): as the store spells
    /// them, else as its months run.
    private func splitsYears(_ sport: Sport) throws -> Bool {
        try reading.spellsSplitYears(sport.sportId) ?? (sport.seasonStartMonth > sport.seasonEndMonth)
    }

    /// One season's shortfalls: counted first, its days read only when it is not complete.
    private func shortfalls(
        sport: Sport, season: String, startYear: Int, window: ClosedRange<CalendarDay>?
    ) throws -> [CoverageShortfall] {
        let opening = sport.seasonOpening(startYear: startYear)
        let closing = sport.seasonClosing(startYear: startYear)
        guard let counted = try reading.games(sport.sportId, season: season) else {
            return [.notLoaded(sport: sport.sportId, season: season, opening: opening)]
        }
        if let expected = reading.expectedGames(sport.sportId, season: season), counted.games >= expected {
            // Complete: only days after its last game, still in the league's months, can lack
            // games — the postseason's, when none is loaded.
            guard let window, counted.postseason == 0,
                min(window.upperBound, closing) >= counted.lastUTCDay.adding(days: -1),
                let last = try reading.lastDay(sport.sportId, season: season), min(window.upperBound, closing) > last
            else { return [] }
            return [.postseasonNotLoaded(sport: sport.sportId, season: season, lastDay: last)]
        }
        guard let loaded = try reading.seasons(sport.sportId).first(where: { $0.season == season }) else { return [] }
        var found: [CoverageShortfall] = []
        guard let window else {
            if loaded.isComplete != true { found.append(.partlyLoaded(loaded)) }
            return found + loaded.unpublished.map { .notPublished(loaded, $0) }
        }
        let before = max(window.lowerBound, opening) < loaded.firstDay
        let after = min(window.upperBound, closing) > loaded.lastDay
        if loaded.isComplete != true && (before || after) { found.append(.partlyLoaded(loaded)) }
        return found
            + loaded.unpublished.filter { $0.overlaps(from: window.lowerBound, to: window.upperBound) }
            .map { .notPublished(loaded, $0) }
    }

    /// The seasons either side of `window`, which lies wholly outside the league's months.
    private func offSeason(_ sport: Sport, around window: ClosedRange<CalendarDay>, splitYear: Bool) throws
        -> CoverageShortfall
    {
        // The league's months come round within a year.
        var nextYear = window.upperBound.year + 1
        var month = window.upperBound
        for _ in 1...12 {
            month = Self.firstOfNextMonth(month)
            if let year = sport.seasonStartYear(containing: month) {
                nextYear = year
                break
            }
        }
        let previous = Sport.seasonName(startYear: nextYear - 1, splitYear: splitYear)
        let next = Sport.seasonName(startYear: nextYear, splitYear: splitYear)
        let loaded =
            try reading.games(sport.sportId, season: next) == nil
            ? nil : try reading.seasons(sport.sportId).first { $0.season == next }?.firstDay
        return .offSeason(
            sport: sport.sportId, previous: previous,
            previousLastDay: try reading.lastDay(sport.sportId, season: previous), next: next,
            opening: loaded ?? sport.seasonOpening(startYear: nextYear), nextIsLoaded: loaded != nil)
    }

    /// The start years of the seasons whose months hold a day of `window`, in order.
    private func seasonYears(touchedBy window: ClosedRange<CalendarDay>, sport: Sport) -> [Int] {
        var years: [Int] = []
        var day = window.lowerBound
        while day <= window.upperBound {
            if let year = sport.seasonStartYear(containing: day), !years.contains(year) { years.append(year) }
            // The league's months decide: the first of the next month stands for all its days.
            day = Self.firstOfNextMonth(day)
        }
        return years
    }

    private static func firstOfNextMonth(_ day: CalendarDay) -> CalendarDay {
        CalendarDay(year: day.year + day.month / 12, month: day.month % 12 + 1, day: 1)
    }
}
