import Foundation
import Testing
import TripsRender

/// `trips plan --tour` on the bundled seasons, read as a program (JSON) and as a fan (the
/// table): the tours of issue 13's done-when, the proof, and the usage errors.
@Suite struct PlanTourTests {
    static func tour(_ arguments: [String]) async throws -> (status: Int32, json: [String: Any], stderr: String) {
        let result = try await TripsProcess().run(["plan"] + arguments + ["--format", "json", "--no-input"])
        let object = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
        return (result.status, object ?? [:], result.stderr)
    }

    static func visits(_ json: [String: Any]) -> [[String: Any]] {
        (json["tour"] as? [String: Any])?["visits"] as? [[String: Any]] ?? []
    }

    static func games(_ json: [String: Any]) -> [[String: Any]] {
        (json["trips"] as? [[String: Any]])?.first?["games"] as? [[String: Any]] ?? []
    }

    static func abbreviation(_ team: Any?) -> String? { (team as? [String: Any])?["abbreviation"] as? String }

    @Test func theHeatAtEveryOpponentsHomeIsProvenOptimal() async throws {
        let run = try await Self.tour([
            "--tour", "opponents", "--team", "MIA", "--season", "2025-26", "--optimize", "days", "--night-driving",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let proof = try #require(run.json["proof"] as? [String: Any])
        #expect(proof["optimal"] as? Bool == true)
        #expect(proof["gap"] as? Double == 0)
        let visits = Self.visits(run.json)
        let games = Self.games(run.json)
        #expect(visits.count == 29)
        #expect(Set(visits.compactMap { $0["venue"] as? String }).count == 29)
        #expect(visits.compactMap { $0["game"] as? String } == games.compactMap { $0["id"] as? String })
        // Every game is the Heat's, away, in the host's building, and every host appears once.
        #expect(games.allSatisfy { Self.abbreviation($0["awayTeam"]) == "MIA" })
        let hosts = games.compactMap { Self.abbreviation($0["homeTeam"]) }
        #expect(Set(hosts).count == 29 && !hosts.contains("MIA"))
        // Days from the first game to the last, venue-local, as the proof says.
        let dates = visits.compactMap { ($0["date"] as? String).flatMap(Self.day) }
        let span = try #require(dates.max()).timeIntervalSince(try #require(dates.min())) / 86_400 + 1
        #expect(Double(Int(span.rounded())) == proof["value"] as? Double)
        let tour = try #require(run.json["tour"] as? [String: Any])
        #expect(
            tour["minimumDriveHours"] is [String: Any], "no limit was given and 6 h does not fit: the fewest that do")
        #expect(tour["nightDriving"] as? Bool == true)
    }

    /// Issue 28's done-when: a Lakers tour asked on Thu Nov 26 with every default starts on or
    /// after that day, and drives by day — no day over its limit (a last stretch under 30 min
    /// finishes a leg instead of a night short of it), none before 07:00 or through the night.
    @Test func aTourOfASeasonUnderWayStartsTodayAndDrivesOnlyByDay() async throws {
        var trips = TripsProcess()
        trips.environment["TRIPS_NOW"] = "2026-11-26"
        let result = try await trips.run([
            "plan", "--tour", "opponents", "--sport", "nba", "--team", "LAL", "--no-input", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let tour = try #require(json["tour"] as? [String: Any])
        #expect(tour["from"] as? String == "2026-11-26")
        #expect(tour["nightDriving"] as? Bool == false)
        // The query says the window the tour was asked for, as the tour does.
        let query = try #require(json["query"] as? [String: Any])
        #expect(query["from"] as? String == "2026-11-26")
        #expect(query["to"] as? String == tour["to"] as? String)
        let dates = Self.visits(json).compactMap { $0["date"] as? String }
        #expect(!dates.isEmpty && dates.allSatisfy { $0 >= "2026-11-26" }, "\(dates)")
        let limit = try #require(tour["maxDriveHours"] as? Double)
        let days = try #require((json["trips"] as? [[String: Any]])?.first?["days"] as? [[String: Any]])
        for day in days {
            let drives = day["drives"] as? [[String: Any]] ?? []
            let hours = drives.compactMap { $0["hours"] as? Double }.reduce(0, +)
            #expect(hours <= limit + 0.5, "\(day["date"] ?? "") drives \(hours) h, limit \(limit)")
            for drive in drives {
                let depart = try #require(drive["depart"] as? String)
                let arrive = try #require(drive["arrive"] as? String)
                #expect(depart.prefix(10) == arrive.prefix(10), "overnight: \(depart)–\(arrive)")
                #expect(depart.dropFirst(11).prefix(5) >= "07:00", "before 07:00: \(depart)")
                #expect(arrive.dropFirst(11).prefix(5) <= "23:30", "after 23:00: \(arrive)")
            }
        }
        // Hosts it can no longer meet at home this season are named, not silently dropped.
        let leftOut = tour["leftOut"] as? [String] ?? []
        #expect(!leftOut.isEmpty)
    }

    @Test func aTourTakesADateWindowAndNamesAFinishedSeason() async throws {
        let run = try await Self.tour([
            "--tour", "venues", "--sport", "mlb", "--teams", "CHC,MIL,MIN", "--season", "2026", "--from", "2026-07-01",
            "--to", "2026-07-31",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let dates = Self.visits(run.json).compactMap { $0["date"] as? String }
        #expect(dates.count == 3 && dates.allSatisfy { $0 >= "2026-07-01" && $0 <= "2026-07-31" }, "\(dates)")
        #expect(run.stderr.contains("note: MLB 2026 ended Sep 27; planning it anyway as history"), "\(run.stderr)")
    }

    /// A season under way of which only its first weeks are loaded is not "ended": its last
    /// loaded game is not its end, and the note says what is loaded and how to get the rest.
    @Test func aPartlyLoadedSeasonIsNotCalledOver() async throws {
        let firstWeeks = TripsProcess.bootstrapping(
            by: ["teams"],
            then: "DELETE FROM games WHERE sport = 'nhl' AND season = '2026-27' AND start_ms >= 1792195200000")
        let result = try await firstWeeks.run([
            "plan", "--tour", "opponents", "--team", "Maple Leafs", "--season", "2026-27", "--no-input", "--format",
            "json",
        ])
        #expect(!result.stderr.contains("ended"), "\(result.stderr)")
        #expect(result.stderr.contains("NHL 2026-27 is not over, but its games loaded here end Thu Oct 15"))
        #expect(result.stderr.contains("of 1,344 games") && result.stderr.contains("`trips sync`"), "\(result.stderr)")
    }

    @Test func daysAfterAFinishedSeasonAreNamedNotRefusedAsARange() async throws {
        let withoutThisSeason = TripsProcess.bootstrapping(
            by: ["teams"], then: "DELETE FROM games WHERE sport = 'nhl' AND season = '2026-27'")
        let result = try await withoutThisSeason.run([
            "plan", "--tour", "venues", "--sport", "nhl", "--teams", "BOS,NYR", "--from", "today", "--no-input",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("note: NHL 2025-26 ended Apr 16, before Sun Nov 22"), "\(result.stderr)")
        #expect(result.stdout.contains("(the season ended Thu Apr 16)"))
    }

    /// Friday 17:00 in Los Angeles is Saturday 01:00 UTC: a tour from today starts on Friday,
    /// the fan's day, and not with a game already under way.
    @Test func aTourFromTodayReadsTodayOnTheFansClock() async throws {
        let result = try await TripsProcess(extraEnvironment: [
            "TZ": "America/Los_Angeles", "TRIPS_NOW": "2026-11-28T01:00:00Z",
        ]).run(["plan", "--tour", "opponents", "--team", "LAL", "--sport", "nba", "--no-input", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let tour = try #require(object["tour"] as? [String: Any])
        #expect(tour["from"] as? String == "2026-11-27", "\(tour["from"] ?? "")")
        let games = (object["trips"] as? [[String: Any]])?.first?["games"] as? [[String: Any]] ?? []
        #expect(!games.isEmpty)
        #expect(games.allSatisfy { ($0["startTime"] as? String ?? "") >= "2026-11-28T01:00:00Z" })
    }

    @Test func anOpponentsTourTitleSaysWhatItCovers() async throws {
        let result = try await TripsProcess().run([
            "plan", "--tour", "opponents", "--team", "CHI", "--sport", "nfl", "--season", "2026", "--from",
            "2026-09-01", "--no-input",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let title = try #require(result.stdout.split(separator: "\n").first)
        #expect(title.hasPrefix("Tour: Chicago Bears at its ") && title.contains(" away venues · 2026"), "\(title)")
        #expect(!title.contains("every opponent"))
    }

    /// "every opponent's home" only when the tour is at each opponent's home; a host left out
    /// makes it "28 of its 29 away venues". Every line fits 80 columns (issue 27 item 7).
    @Test(arguments: [
        (
            ["--team", "LAL", "--start", "Seattle"],
            "Tour: Los Angeles Lakers at every opponent's home: 29 venues · 2025-26"
        ),
        (["--team", "MIA"], "Tour: Miami Heat at 28 of its 29 away venues · 2025-26"),
    ])
    func anOpponentsTourIsTitledByWhatItCovers(arguments: [String], title: String) async throws {
        let result = try await TripsProcess.shared.run(
            ["plan", "--tour", "opponents", "--sport", "nba", "--season", "2025-26", "--no-input"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").first.map(String.init) == title, "\(result.stdout)")
        let wide = (result.stdout + result.stderr).split(separator: "\n").filter { $0.displayWidth > 80 }
        #expect(wide.isEmpty, "wider than 80 columns: \(wide)")
    }

    static func day(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: text)
    }

    @Test func everyBallparkOfASeasonWithItsProofOrGap() async throws {
        let run = try await Self.tour([
            "--tour", "venues", "--sport", "mlb", "--season", "2026", "--optimize", "days", "--time-limit", "3s",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let visits = Self.visits(run.json)
        #expect(visits.count == 30)
        #expect(Set(visits.compactMap { $0["venue"] as? String }).count == 30)
        let proof = try #require(run.json["proof"] as? [String: Any])
        let value = try #require(proof["value"] as? Double)
        let bound = try #require(proof["bound"] as? Double)
        #expect(bound <= value && bound > 0)
        #expect(proof["optimal"] as? Bool == (bound == value))
    }

    @Test func aDivisionTourTellsTheFewestHoursAndWhy() async throws {
        let result = try await TripsProcess().run([
            "plan", "--tour", "venues", "--sport", "nfl", "--teams", "BUF,MIA,NE,NYJ", "--season", "2026",
            "--max-drive-hours", "min", "--explain", "--no-input",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("Tour: the venues of 4 NFL teams") == true)
        // 6 h a day admits the tour: `min` is the fewest hours whose tour takes at most 10 %
        // more days, and it says how many more.
        let text = result.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            text.contains(
                /fewest hours of driving a day within 10 % of the days at 6 h: \d+ h a day, (as short as|\d+ days? longer than) the \d+-day tour found at 6 h/
            ),
            "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("why: ") })
        #expect(lines.contains { $0.hasPrefix("Tour  4 games · 4 venues") })
        #expect(lines.allSatisfy { $0.count <= 80 }, "the table fits 80 columns")
        #expect(!result.stdout.contains("game_nfl"), "no ids on screen")
        #expect(result.stdout.contains("proven optimal"))
    }

    @Test(arguments: [
        (["--season", "2026", "--sport", "mlb", "--from", "2026-06-01"], "--tour"),
        (["--optimize", "days", "--from", "2026-06-01"], "--tour"),
        (["--max-drive-hours", "min", "--from", "2026-06-01"], "--tour"),
        (["--tour", "opponents", "--team", "HOU", "--options", "2"], "--options"),
        (["--tour", "venues", "--sport", "mlb", "--optimize", "games"], "days, driving or distance"),
        (["--tour", "venues"], "--sport"),
        (["--tour", "opponents", "--sport", "mlb"], "--team"),
        (["--tour", "opponents", "--team", "HUO", "--sport", "mlb"], "did you mean HOU"),
        (["--tour", "venues", "--sport", "mlb", "--season", "26"], "season"),
    ])
    func badToursAreUsageErrors(arguments: [String], mentions: String) async throws {
        let result = try await TripsProcess().run(["plan"] + arguments + ["--no-input"])
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aTourTooLongToDriveAtTheLimitSaysWhatToTry() async throws {
        let result = try await TripsProcess().run([
            "plan", "--tour", "opponents", "--team", "MIA", "--season", "2025-26", "--max-drive-hours", "8",
            "--no-input",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("trips: no tour fits: "))
        #expect(result.stderr.hasPrefix("note: NBA 2025-26 ended Apr 12; planning it anyway as history"))
        #expect(result.stderr.contains("--max-drive-hours min"))
        #expect(!result.stderr.contains("game_nba"))
    }

    /// No NFL tour of every venue is found in a second at 6 h a day from before the season (none
    /// is found in minutes, and its bound leaves days of the season to spare): the message says
    /// the limit and to raise it. (From late November the weeks left are proved too few at once.)
    @Test func aTourNotFoundInTimeSaysTheDailyLimitAndToRaiseIt() async throws {
        let result = try await TripsProcess(extraEnvironment: ["TRIPS_NOW": "2026-08-01T12:00:00Z"]).run([
            "plan", "--tour", "venues", "--sport", "nfl", "--season", "2026", "--max-drive-hours", "6",
            "--time-limit", "1s", "--no-input",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("none found within the time limit (1 s) at 6 h of driving a day"))
        #expect(
            result.stderr.contains(
                "try --max-drive-hours min (the fewest hours a day that admit a tour) or a longer --time-limit"))
    }

    /// Every NFL venue in the six weeks left of the season fits no tour at any limit: the message
    /// says so and gives the plan that finds the most venues those days allow, which runs.
    @Test func aLeaguesVenuesInTheWeeksLeftPointToThePlanForTheMostVenues() async throws {
        let trips = TripsProcess(extraEnvironment: ["TRIPS_NOW": "2026-11-27T12:00:00Z"])
        let result = try await trips.run([
            "plan", "--tour", "venues", "--sport", "nfl", "--season", "2026", "--night-driving", "--no-input",
        ])
        #expect(result.status == 1)
        // The days left come first: fewer game days than buildings is what makes it hard.
        #expect(
            result.stderr.contains(
                "no tour fits: 30 venues in the 21 days with games Nov 27–Jan 10 (9 of them would need two), and"),
            "\(result.stderr)")
        let advice = "trips plan --sport nfl --from 2026-11-27 --to 2027-01-10 --optimize stadiums --night-driving"
        #expect(
            result.stderr.contains("even driving at night; for the most venues in those days: `\(advice)`"),
            "\(result.stderr)")
        let plan = try await trips.run(CommandExamplesTests.words(advice) + ["--no-input"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.hasPrefix("Option 1  "), "\(plan.stdout.prefix(200))")
        // A tour of some teams' venues has no such plan to offer (it would visit any team's);
        // here two of them can never share a trip at 1 h a day.
        let some = try await trips.run([
            "plan", "--tour", "venues", "--sport", "nfl", "--season", "2026", "--teams", "BUF,MIA,NE,NYJ,KC,LV,LAC,DEN",
            "--max-drive-hours", "1", "--no-input",
        ])
        #expect(some.stderr.contains("trips: no tour fits: no trip can see both"), "\(some.stderr)")
        #expect(!some.stderr.contains("for the most venues"), "\(some.stderr)")
        #expect(!some.stderr.contains("would need two"), "\(some.stderr)")
    }
}
