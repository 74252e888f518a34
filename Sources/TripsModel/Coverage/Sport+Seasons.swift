/// Which season of a league a day falls in, from the league's months (`seasonStartMonth` to
/// `seasonEndMonth`, across New Year when the start is the later month): how a date window
/// names the seasons it expects to find loaded.
extension Sport {
    /// Whether `month` lies in the league's months.
    public func isInSeason(month: Int) -> Bool {
        seasonStartMonth <= seasonEndMonth
            ? (seasonStartMonth...seasonEndMonth).contains(month)
            : month >= seasonStartMonth || month <= seasonEndMonth
    }

    /// The year the season holding `day` began; nil in the off-season.
    public func seasonStartYear(containing day: CalendarDay) -> Int? {
        guard isInSeason(month: day.month) else { return nil }
        return seasonStartMonth > seasonEndMonth && day.month <= seasonEndMonth ? day.year - 1 : day.year
    }

    /// The season's name as the store spells it: "2026-27" when `splitYear` (NBA, NHL), else
    /// "2026" (MLB, and the NFL, whose 2026 season ends in February 2027).
    public static func seasonName(startYear: Int, splitYear: Bool) -> String {
        guard splitYear else { return "\(startYear)" }
        let next = (startYear + 1) % 100
        return "\(startYear)-\(next < 10 ? "0" : "")\(next)"
    }

    /// The first day of the league's months in the season that began in `startYear`.
    public func seasonOpening(startYear: Int) -> CalendarDay {
        CalendarDay(year: startYear, month: seasonStartMonth, day: 1)
    }
}

extension Sport {
    /// The last day of the league's months in the season that began in `startYear`.
    public func seasonClosing(startYear: Int) -> CalendarDay {
        let year = startYear + (seasonStartMonth > seasonEndMonth ? 1 : 0)
        return CalendarDay(
            year: year, month: seasonEndMonth, day: CalendarDay.daysIn(month: seasonEndMonth, year: year))
    }
}
