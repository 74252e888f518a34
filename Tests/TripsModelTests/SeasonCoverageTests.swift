import Testing
import TripsModel

/// `SeasonCoverage`'s rules: first and last day, gaps by the league's rhythm, a gap in a
/// complete season (or a year from one) is a break, else its days have no games yet; and
/// `CoverageCheck`, which names what a question's leagues and days lack.
@Suite struct SeasonCoverageTests {
    static let nhl = Sport(
        id: "sport_nhl", sportId: "nhl", abbreviation: "NHL", displayName: "NHL", seasonStartMonth: 10,
        seasonEndMonth: 6, gameDurationMinutes: 150)
    static let nba = Sport(
        id: "sport_nba", sportId: "nba", abbreviation: "NBA", displayName: "NBA", seasonStartMonth: 10,
        seasonEndMonth: 6, gameDurationMinutes: 150)
    static let mls = Sport(
        id: "sport_mls", sportId: "mls", abbreviation: "MLS", displayName: "MLS", seasonStartMonth: 2,
        seasonEndMonth: 12, gameDurationMinutes: 120)

    static func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }

    /// Every day from `first` to `last` except those in `skipping` (inclusive ranges).
    static func days(_ first: String, _ last: String, skipping: [(String, String)] = []) -> [CalendarDay] {
        (day(first).dayNumber...day(last).dayNumber).map(CalendarDay.init(dayNumber:)).filter { d in
            !skipping.contains { day($0.0) <= d && d <= day($0.1) }
        }
    }

    /// NBA 2025-26 complete with its All-Star break; 2026-27 partial with the post-Cup days
    /// missing and next February's break.
    static let nbaSeasons = SeasonCoverage.league(
        "nba",
        seasons: [
            ("2025-26", 1230, days("2025-10-21", "2026-04-12", skipping: [("2026-02-13", "2026-02-18")])),
            (
                "2026-27", 1200,
                days(
                    "2026-10-20", "2027-04-11", skipping: [("2026-12-04", "2026-12-11"), ("2027-02-19", "2027-02-24")])
            ),
        ], expectedGames: { _ in 1230 })

    @Test func aCompleteSeasonsGapsAreBreaks() throws {
        let full = try #require(Self.nbaSeasons.first)
        #expect(full.isComplete == true)
        #expect(full.firstDay == Self.day("2025-10-21") && full.lastDay == Self.day("2026-04-12"))
        #expect(
            full.gaps == [ScheduleGap(first: Self.day("2026-02-13"), last: Self.day("2026-02-18"), kind: .leagueBreak)])
        #expect(full.unpublished.isEmpty)
    }

    @Test func aPartialSeasonsGapIsUnpublishedUnlessALastYearsBreakExplainsIt() throws {
        let partial = try #require(Self.nbaSeasons.last)
        #expect(partial.isComplete == false)
        #expect(
            partial.gaps == [
                ScheduleGap(first: Self.day("2026-12-04"), last: Self.day("2026-12-11"), kind: .notPublished),
                ScheduleGap(first: Self.day("2027-02-19"), last: Self.day("2027-02-24"), kind: .leagueBreak),
            ])
        #expect(partial.gaps[0].days == 8)
    }

    @Test func threeEmptyDaysAreNoGapForADailyLeague() {
        let seasons = SeasonCoverage.league(
            "nhl",
            seasons: [("2026-27", 10, Self.days("2026-10-01", "2026-10-30", skipping: [("2026-10-10", "2026-10-12")]))],
            expectedGames: { _ in nil })
        #expect(seasons.first?.gaps == [])
        #expect(seasons.first?.isComplete == nil)
    }

    @Test func aWeeklyLeagueNeedsEightEmptyDays() {
        // Saturdays only, one week skipped: 6 empty days between matchdays are its rhythm, 13 a gap.
        let saturdays = stride(from: Self.day("2026-03-07").dayNumber, through: Self.day("2026-05-30").dayNumber, by: 7)
            .map(CalendarDay.init(dayNumber:)).filter { $0 != Self.day("2026-04-04") }
        let seasons = SeasonCoverage.league("mls", seasons: [("2026", 100, saturdays)], expectedGames: { _ in 510 })
        #expect(
            seasons.first?.gaps == [
                ScheduleGap(first: Self.day("2026-03-29"), last: Self.day("2026-04-10"), kind: .notPublished)
            ])
    }

    @Test func aSeasonNotLoadedIsNamedWithTheMonthItOpens() throws {
        let check = CoverageCheck(sports: [Self.nhl, Self.nba], reading: Self.nbaSeasons)
        let nhlOnly = CoverageCheck(
            sports: [Self.nhl],
            reading: SeasonCoverage.league(
                "nhl", seasons: [("2025-26", 1312, Self.days("2025-10-07", "2026-04-16"))], expectedGames: { _ in 1312 }
            ))

        #expect(
            try nhlOnly.shortfalls(
                leagues: ["nhl"], from: Self.day("2026-11-26"), to: Self.day("2026-12-03"), season: nil)
                == [.notLoaded(sport: "nhl", season: "2026-27", opening: Self.day("2026-10-01"))])
        // No NHL season at all: the name follows the league's months (October to June: split years).
        #expect(
            try check.shortfalls(leagues: ["nhl"], from: Self.day("2026-11-26"), to: nil, season: nil)
                == [.notLoaded(sport: "nhl", season: "2026-27", opening: Self.day("2026-10-01"))])
    }

    @Test func daysInsideAGapAreNamedAndNormalDaysAreNot() throws {
        let check = CoverageCheck(sports: [Self.nba], reading: Self.nbaSeasons)
        let partial = try #require(Self.nbaSeasons.last)

        #expect(
            try check.shortfalls(leagues: nil, from: Self.day("2026-12-04"), to: Self.day("2026-12-11"), season: nil)
                == [.notPublished(partial, partial.gaps[0])])
        #expect(
            try check.shortfalls(leagues: nil, from: Self.day("2026-11-20"), to: Self.day("2026-11-27"), season: nil)
                == [])
        #expect(
            try check.shortfalls(leagues: nil, from: Self.day("2027-02-19"), to: Self.day("2027-02-24"), season: nil)
                == [])
        // The off-season expects nothing.
        #expect(
            try check.shortfalls(leagues: nil, from: Self.day("2026-07-01"), to: Self.day("2026-08-31"), season: nil)
                == [])
        // No days and no season: a whole listing is not judged.
        #expect(try check.shortfalls(leagues: nil, from: nil, to: nil, season: nil) == [])
    }

    @Test func aWholePartialSeasonIsPartlyLoadedWithItsGaps() throws {
        let check = CoverageCheck(sports: [Self.nba], reading: Self.nbaSeasons)
        let partial = try #require(Self.nbaSeasons.last)

        #expect(
            try check.shortfalls(leagues: ["nba"], from: nil, to: nil, season: "2026-27")
                == [.partlyLoaded(partial), .notPublished(partial, partial.gaps[0])])
        #expect(try check.shortfalls(leagues: ["nba"], from: nil, to: nil, season: "2025-26") == [])
    }

    @Test func daysOutsideAPartialSeasonsLoadedWeekArePartlyLoaded() throws {
        let week = SeasonCoverage.league(
            "nhl",
            seasons: [
                ("2025-26", 1312, Self.days("2025-10-07", "2026-04-16")),
                ("2026-27", 96, Self.days("2026-11-23", "2026-11-29")),
            ], expectedGames: { _ in 1312 })
        let check = CoverageCheck(sports: [Self.nhl], reading: week)

        #expect(
            try check.shortfalls(
                leagues: ["nhl"], from: Self.day("2026-12-05"), to: Self.day("2026-12-12"), season: nil)
                == [.partlyLoaded(week[1])])
        #expect(
            try check.shortfalls(
                leagues: ["nhl"], from: Self.day("2026-11-24"), to: Self.day("2026-11-26"), season: nil)
                == [])
    }

    @Test func seasonNamesFollowTheLeaguesMonths() {
        #expect(Self.nhl.seasonStartYear(containing: Self.day("2027-03-01")) == 2026)
        #expect(Self.nhl.seasonStartYear(containing: Self.day("2026-08-01")) == nil)
        #expect(Self.mls.seasonStartYear(containing: Self.day("2026-03-01")) == 2026)
        #expect(Sport.seasonName(startYear: 2026, splitYear: true) == "2026-27")
        #expect(Sport.seasonName(startYear: 2099, splitYear: true) == "2099-00")
        #expect(Sport.seasonName(startYear: 2026, splitYear: false) == "2026")
        #expect(Self.nhl.seasonClosing(startYear: 2026) == Self.day("2027-06-30"))
    }
}

/// After a complete regular season, in the league's months, the postseason is what is missing.
@Suite struct PostseasonCoverageTests {
    @Test func daysAfterACompleteRegularSeasonNameTheMissingPostseason() throws {
        let seasons = SeasonCoverage.league(
            "nhl", seasons: [("2025-26", 1312, SeasonCoverageTests.days("2025-10-07", "2026-04-16"))],
            expectedGames: { _ in 1312 })
        let check = CoverageCheck(sports: [SeasonCoverageTests.nhl], reading: seasons)

        #expect(
            try check.shortfalls(
                leagues: ["nhl"], from: SeasonCoverageTests.day("2026-05-01"),
                to: SeasonCoverageTests.day("2026-05-07"),
                season: nil)
                == [
                    .postseasonNotLoaded(
                        sport: "nhl", season: "2025-26", lastDay: SeasonCoverageTests.day("2026-04-16"))
                ]
        )
        #expect(
            try check.shortfalls(
                leagues: ["nhl"], from: SeasonCoverageTests.day("2026-04-01"),
                to: SeasonCoverageTests.day("2026-04-16"),
                season: nil) == [])
    }
}

/// Days wholly outside a league's months, asked of that league by name: it is between seasons,
/// and the note says when the last one's games ended and when the next begins.
@Suite struct OffSeasonCoverageTests {
    static let mlb = Sport(
        id: "sport_mlb", sportId: "mlb", abbreviation: "MLB", displayName: "MLB", seasonStartMonth: 3,
        seasonEndMonth: 10, gameDurationMinutes: 180)
    static let seasons = SeasonCoverage.league(
        "mlb", seasons: [("2026", 2430, SeasonCoverageTests.days("2026-03-26", "2026-09-27"))],
        expectedGames: { _ in 2430 })

    @Test func novemberDaysOfALeagueAskedByNameAreBetweenSeasons() throws {
        let check = CoverageCheck(sports: [Self.mlb], reading: Self.seasons)
        let november = (SeasonCoverageTests.day("2026-11-27"), SeasonCoverageTests.day("2026-12-03"))
        #expect(
            try check.shortfalls(leagues: ["mlb"], from: november.0, to: november.1, season: nil) == [
                .offSeason(
                    sport: "mlb", previous: "2026", previousLastDay: SeasonCoverageTests.day("2026-09-27"),
                    next: "2027", opening: SeasonCoverageTests.day("2027-03-01"), nextIsLoaded: false)
            ])
        // Every league on those days: the ones out of season are not the question.
        #expect(try check.shortfalls(leagues: nil, from: november.0, to: november.1, season: nil) == [])
        // A day in the league's months is judged as before.
        #expect(
            try check.shortfalls(
                leagues: ["mlb"], from: SeasonCoverageTests.day("2026-10-01"),
                to: SeasonCoverageTests.day("2026-10-05"), season: nil)
                == [.postseasonNotLoaded(sport: "mlb", season: "2026", lastDay: SeasonCoverageTests.day("2026-09-27"))])
    }

    @Test func theNextSeasonLoadedGivesItsFirstDayAndAMissingOneNoEnd() throws {
        let both = SeasonCoverage.league(
            "mlb",
            seasons: [("2027", 2430, SeasonCoverageTests.days("2027-03-25", "2027-09-26"))],
            expectedGames: { _ in 2430 })
        let check = CoverageCheck(sports: [Self.mlb], reading: both)
        #expect(
            try check.shortfalls(
                leagues: ["mlb"], from: SeasonCoverageTests.day("2026-12-01"),
                to: SeasonCoverageTests.day("2027-01-31"), season: nil) == [
                    .offSeason(
                        sport: "mlb", previous: "2026", previousLastDay: nil, next: "2027",
                        opening: SeasonCoverageTests.day("2027-03-25"), nextIsLoaded: true)
                ])
    }
}
