import Foundation
import Testing

/// What a new user saw on 2026-11-26: empty answers that said nothing of what the store lacks.
/// Each empty or short answer now names the league and season not loaded, partly loaded or with
/// no games published yet on the days asked, and the remedy.
@Suite struct CoverageNoteTests {
    /// The shared bundled store, "now" the day the user tried it.
    static let trips: TripsProcess = {
        var process = TripsProcess.shared
        process.environment["TRIPS_NOW"] = "2026-11-26T18:00:00Z"
        return process
    }()

    /// A store without NHL 2026-27, as a store made before the bundle carried it, or one whose
    /// season a sync removed, holds it.
    static let withoutNHLSeason: TripsProcess = {
        var process = TripsProcess.bootstrapping(
            by: ["teams", "--sport", "nhl"], then: "DELETE FROM games WHERE sport = 'nhl' AND season = '2026-27'")
        process.environment["TRIPS_NOW"] = "2026-11-26T18:00:00Z"
        return process
    }()

    static let nhlNotLoaded = "note: NHL 2026-27 is not loaded (the season began in October) — `trips sync`\n"
    static let mlsPostseason = """
        note: MLS 2026 has no postseason games loaded (its regular season ended Nov 7)
              — `trips sync`

        """
    static let nbaGap = "note: NBA 2026-27 has no games published yet Dec 4–11 — `trips sync`\n"

    @Test func aLeagueBetweenSeasonsSaysSoAndWhenTheNextBegins() async throws {
        // Nothing is missing, so no remedy: the note is the reason the answer is empty.
        let offSeason = """
            note: MLB 2026 ended Sep 27 (the off-season; 2027 begins in March)

            """
        for asked in [["--sport", "mlb"], ["--team", "Astros"]] {
            let games = try await Self.trips.run(["games"] + asked + ["--from", "today", "--to", "+7d"])
            #expect(games.stdout.hasPrefix("no games match"))
            #expect(games.stderr == offSeason)
        }
        let plan = try await Self.trips.run([
            "plan", "--sport", "mlb", "--from", "today", "--days", "7", "--start", "Chicago", "--no-input",
        ])
        #expect(plan.status != 0)
        #expect(plan.stderr.hasPrefix(offSeason), "\(plan.stderr)")
    }

    /// What the user saw on 2026-11-26 is gone: the bundle carries NHL 2026-27, so this week's
    /// Blackhawks games are there offline, with no note.
    @Test func theBundledStoreHasThisWeeksNHLGames() async throws {
        let result = try await Self.trips.run(["games", "--team", "Blackhawks", "--from", "today", "--to", "+7d"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("CHI") && result.stdout.contains("Chicago Blackhawks · 2026-27"))
        #expect(result.stderr == "")
    }

    @Test func aTeamWithoutSportNamesItsLeaguesSeasonNotLoaded() async throws {
        let result = try await Self.withoutNHLSeason.run([
            "games", "--team", "Blackhawks", "--from", "today", "--to", "+7d",
        ])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("no games match"))
        #expect(result.stderr == Self.nhlNotLoaded)
    }

    @Test func theSameWithTheSportSaysTheSame() async throws {
        let result = try await Self.withoutNHLSeason.run(["games", "--sport", "nhl", "--from", "today"])

        #expect(result.stderr == Self.nhlNotLoaded)
    }

    @Test func aGapInsideALoadedSeasonIsNamedNotCalledEmpty() async throws {
        let result = try await Self.trips.run(["games", "--sport", "nba", "--from", "2026-12-04", "--to", "2026-12-11"])

        #expect(result.stdout.hasPrefix("no games match"))
        #expect(result.stderr == Self.nbaGap)
    }

    @Test func aDateWindowAloneNamesEveryLeagueInSeasonThatLacksThoseDays() async throws {
        let result = try await Self.withoutNHLSeason.run(["games", "--from", "2026-12-04", "--to", "2026-12-11"])

        #expect(result.status == 0)
        #expect(result.stderr == Self.mlsPostseason + Self.nbaGap + Self.nhlNotLoaded)
        let bundled = try await Self.trips.run(["games", "--from", "2026-12-04", "--to", "2026-12-11"])
        #expect(bundled.stderr == Self.mlsPostseason + Self.nbaGap)
    }

    @Test func planSaysTheDaysHaveNoGamesYet() async throws {
        let result = try await Self.trips.run([
            "plan", "--sport", "nba", "--from", "2026-12-04", "--to", "2026-12-11", "--start", "Chicago", "--no-input",
        ])

        #expect(result.status == 1)
        #expect(
            result.stderr
                == Self.nbaGap + "trips: no trip fits: no NBA games are loaded between 2026-12-04 and 2026-12-11\n")
    }

    @Test func aTourOfAPartialSeasonSaysSo() async throws {
        let result = try await Self.trips.run([
            "plan", "--tour", "venues", "--sport", "nba", "--teams", "BOS,NYK", "--season", "2026-27", "--no-input",
            "--time-limit", "3s",
        ])

        #expect(
            result.stderr.contains(
                "note: NBA 2026-27 is partly loaded: 1,200 of 1,230 games, Oct 20–Apr 11\n      — `trips sync`\n"
                    + Self.nbaGap
            ),
            "\(result.stderr)")
    }

    /// `games --team Bruins` in November listed last season's 82 games and said nothing of this one.
    @Test func aTeamsWholeListingNamesTheSeasonUnderWayWhenItIsMissing() async throws {
        let result = try await Self.withoutNHLSeason.run(["games", "--team", "Bruins"])

        #expect(result.status == 0)
        #expect(result.stdout.contains("82 games · Boston Bruins · 2025-26"))
        #expect(result.stderr == Self.nhlNotLoaded)

        let celtics = try await Self.trips.run(["games", "--sport", "nba", "--team", "BOS", "--format", "json"])
        #expect(
            celtics.stderr == """
                note: NBA 2026-27 is partly loaded: 1,200 of 1,230 games, Oct 20–Apr 11
                      — `trips sync`

                """ + Self.nbaGap)
    }

    /// Between seasons, or with this season loaded whole, a whole listing needs no note.
    @Test func aWholeListingOfALeagueBetweenSeasonsOrLoadedWholeIsQuiet() async throws {
        for asked in [["--sport", "mlb", "--team", "HOU"], ["--sport", "nfl", "--team", "BUF"], []] {
            let result = try await Self.trips.run(["games"] + asked + ["--limit", "3"])
            #expect(result.status == 0)
            #expect(result.stderr == "", "\(asked): \(result.stderr)")
        }
    }

    @Test func aNormalQueryWithGamesHasNoNote() async throws {
        let result = try await Self.trips.run(["games", "--team", "Celtics", "--from", "today", "--to", "+7d"])

        #expect(result.status == 0)
        #expect(result.stdout.contains("Boston Celtics"))
        #expect(result.stderr == "")
    }

    @Test func afterACompleteRegularSeasonThePostseasonIsNamed() async throws {
        let result = try await Self.trips.run(["games", "--sport", "nba", "--from", "2026-04-20", "--to", "2026-04-27"])

        #expect(
            result.stderr == """
                note: NBA 2025-26 has no postseason games loaded (its regular season ended
                      Apr 12) — `trips sync`

                """)
    }

    @Test func favoritesNameTheirLeaguesShortfall() async throws {
        var trips = TripsProcess.bootstrapping(
            by: ["teams", "--sport", "nhl"], then: "DELETE FROM games WHERE sport = 'nhl' AND season = '2026-27'")
        trips.environment["TRIPS_NOW"] = "2026-11-26T18:00:00Z"
        #expect(try await trips.run(["favorites", "add", "Blackhawks"]).status == 0)

        let result = try await trips.run(["games", "--favorites", "--from", "today", "--to", "+7d"])

        #expect(result.stdout.hasPrefix("no games match"))
        #expect(result.stderr == Self.nhlNotLoaded)
    }
}
