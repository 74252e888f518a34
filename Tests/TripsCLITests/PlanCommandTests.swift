import Foundation
import TestSupport
import Testing

@Suite struct PlanCommandTests {
    let trips = TripsProcess.shared
    let acceptance = [
        "plan", "--sport", "mlb", "--from", "2026-06-01", "--days", "7", "--start", "Chicago", "--max-drive-hours", "5",
        "--no-input",
    ]

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func scriptedPlanPrintsRankedItinerariesDayByDayInLocalTime() async throws {
        let result = try await trips.run(acceptance)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Option 1  "))
        #expect(result.stdout.contains("\nOption 3  "))
        #expect(result.stdout.contains("\n  Mon Jun 1   Chicago, IL → "))
        // Local times with real zone abbreviations.
        #expect(result.stdout.contains(" CDT  "))
        #expect(!result.stdout.contains("GMT"))
        #expect(Golden.check(result.stdout, "plan-mlb-chicago.txt").matches, "differs from Golden/plan-mlb-chicago.txt")
    }

    @Test func jsonHasTheDesignShapeAndEveryLegRespectsTheLimits() async throws {
        let result = try await trips.run(acceptance + ["--format", "json"])
        #expect(result.status == 0)
        let object = try json(result.stdout)
        #expect(["generatedAt", "query", "games", "trips"].allSatisfy { object[$0] != nil })
        let tripsList = try #require(object["trips"] as? [[String: Any]])
        #expect(tripsList.count == 3)
        var previousGames = Int.max
        for trip in tripsList {
            #expect(["games", "legs", "totalMiles", "totalDriveHours"].allSatisfy { trip[$0] != nil })
            let games = try #require(trip["games"] as? [[String: Any]])
            let legs = try #require(trip["legs"] as? [[String: Any]])
            #expect(games.count <= previousGames, "options are ranked by games")
            previousGames = games.count
            // Every game is inside the window, on its venue-local date.
            for game in games {
                let day = try #require(game["localDate"] as? String)
                #expect(day >= "2026-06-01" && day <= "2026-06-07")
                #expect(game["sport"] as? String == "mlb")
            }
            // A leg longer than a day's limit must rest overnight.
            var total = 0.0
            for leg in legs {
                #expect(Set(leg.keys).isSuperset(of: ["from", "to", "miles", "driveHours"]))
                let hours = try #require(leg["driveHours"] as? Double)
                let nights = leg["overnightStops"] as? Int ?? 0
                #expect(hours <= 5 * Double(nights + 1) + 0.01)
                total += hours
            }
            let stated = try #require(trip["totalDriveHours"] as? Double)
            #expect(abs(stated - total) < 0.05)
        }
    }

    @Test func aCSVFileGetsCSVOneRowPerGameAndDriveAndAMismatchedFormatIsRefused() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("trip.csv").path

        let written = try await trips.run(acceptance + ["--output", path])
        let printed = try await trips.run(acceptance + ["--format", "csv"])
        let plan = try json(try await trips.run(acceptance + ["--format", "json"]).stdout)
        let mismatch = try await trips.run(
            acceptance + ["--format", "table", "--output", dir.appendingPathComponent("t.csv").path])
        let unknown = try await trips.run(acceptance + ["--output", dir.appendingPathComponent("trip.pdf").path])

        #expect(written.status == 0 && printed.status == 0, "\(written.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == printed.stdout)
        let rows = try CSVReference.parse(text)
        #expect(rows.first?.prefix(3) == ["option", "step", "kind"])
        #expect(rows.allSatisfy { $0.count == rows[0].count })
        let options = try #require(plan["trips"] as? [[String: Any]])
        for (index, option) in options.enumerated() {
            let mine = rows.dropFirst().filter { $0[0] == "\(index + 1)" }
            let games = try #require(option["games"] as? [[String: Any]]).compactMap { $0["id"] as? String }
            let legs = try #require(option["legs"] as? [[String: Any]])
            #expect(mine.filter { $0[2] == "game" }.map { $0[8] } == games)
            // Staying at one venue (a 0-mile leg) is not a drive.
            let drives = try legs.filter { try #require($0["miles"] as? Double) >= 0.5 }
            #expect(mine.filter { $0[2] == "drive" }.count == drives.count)
            #expect(mine.map { $0[1] } == (1...mine.count).map(String.init))
        }
        #expect(mismatch.status == 2)
        #expect(mismatch.stderr.contains("the name says CSV but --format is table"))
        #expect(unknown.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["trip.csv"])
    }

    @Test func icsOutputIsWrittenAtomicallyAndParsesWithLocalTimes() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("trip.ics").path
        let result = try await trips.run(acceptance + ["--format", "ics", "--output", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["trip.ics"])  // no temp file left
        let plan = try json(try await trips.run(acceptance + ["--format", "json", "--options", "1"]).stdout)
        let games = try #require((plan["trips"] as? [[String: Any]])?.first?["games"] as? [[String: Any]])
        let parsed = try await ICalendarReference.events(path).filter { !$0.uid.hasPrefix("drive-") }
        #expect(parsed.count == games.count)
        for (event, game) in zip(parsed, games) {
            #expect(event.uid == game["id"] as? String)
            #expect(event.zone == game["timeZone"] as? String)
            #expect(event.localStart.hasPrefix("\(game["localDate"] as! String) \(game["localTime"] as! String)"))
        }
    }

    /// On a Friday, `--to "this weekend"` runs to Sunday (it ran to Friday), and `--from "next
    /// weekend"` alone is that weekend, as `games --on` reads them.
    @Test func aWeekendIsItsDaysForTheDates() async throws {
        let friday = TripsProcess(extraEnvironment: ["TRIPS_NOW": "2026-11-27T15:00:00Z"])
        for (words, from, to) in [
            (["--to", "this weekend"], "2026-11-27", "2026-11-29"),
            (["--from", "next weekend"], "2026-12-04", "2026-12-06"),
            (["--from", "this weekend", "--days", "2"], "2026-11-27", "2026-11-28"),
        ] {
            let result = try await friday.run(
                ["plan", "--sport", "nfl", "--start", "Pittsburgh", "--format", "json", "--no-input"] + words)
            #expect(result.status == 0, "\(words): \(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let query = object?["query"] as? [String: Any]
            #expect(query?["from"] as? String == from, "\(words)")
            #expect(query?["to"] as? String == to, "\(words)")
        }
    }

    @Test func withoutATerminalAMissingStartDateIsAUsageError() async throws {
        let result = try await trips.run(["plan", "--sport", "mlb", "--start", "Chicago"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing --from DATE (the first day of the trip; with --days or --to, today)"))
        #expect(result.stdout == "")
        // --days alone: from today (the off-season here, so no trip, and the note says why).
        let days = try await trips.run(["plan", "--sport", "mlb", "--days", "3", "--format", "json"])
        #expect(days.status == 1)
        #expect(days.stderr.contains("MLB 2026 ended Sep 27 (the off-season"), "\(days.stderr)")
        #expect(!days.stderr.contains("missing --from"))
    }

    @Test func anUnknownMustSeeGameIsAUsageErrorNamingIt() async throws {
        let result = try await trips.run(acceptance + ["--game", "game_mlb_2026_0601_xxx_yyy"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("trips: unknown game 'game_mlb_2026_0601_xxx_yyy'"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout == "")
    }

    @Test func anImpossibleTripExplainsTheTightestConstraint() async throws {
        let result = try await trips.run([
            "plan", "--sport", "mlb", "--from", "2026-06-02", "--days", "1", "--start", "Des Moines, IA",
            "--max-drive-hours", "1",
            "--night-driving", "--no-input",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trips: no trip fits: the first drive needs "))
        #expect(result.stderr.contains("your limit is 1 h"))
    }
}

@Suite struct InteractivePlanTests {
    /// Runs `trips plan` on a pseudo-terminal, answering each prompt when it appears.
    func drive(
        _ steps: [[String]], arguments: [String] = [], in trips: TripsProcess = .shared
    ) async throws -> TripsProcess.TerminalSession {
        try await trips.runOnTerminal(["plan"] + arguments, steps: steps)
    }

    @Test func asksForEachAnswerReasksOnBadInputAndPlans() async throws {
        let session = try await drive([
            ["Trip (", ""],
            ["Sports (mlb, ", "mlb"],
            ["Dates (", "2026-06-01 3"],
            ["Start from (", "Chicgo"],
            ["Start from (", "Chicago, IL"],  // asked again after the typo
            ["End at (", ""],
            ["Must-see teams (", "Cubs"],
            ["Max driving hours per day [6]: ", ""],
            ["How many options [3]: ", "1"],
            ["Save this trip? (", ""],
        ])
        #expect(session.error == nil)
        #expect(session.status == 0)
        #expect(session.transcript.contains("unknown place 'Chicgo' — did you mean Chicago, IL"))
        // Questions, answers and the plan all fit 80 columns.
        let wide = session.transcript.split(separator: "\n").filter { $0.count > 80 }
        #expect(wide.isEmpty, "wider than 80 columns: \(wide)")
        let golden = Golden.check(session.transcript, "plan-interactive.txt")
        #expect(golden.matches, "transcript differs from Golden/plan-interactive.txt")
    }

    /// Ctrl-D is no interruption: the answer is missing, as with --no-input (exit 2), and the
    /// message says which, and how to give it.
    @Test func endOfInputAtAPromptSaysWhichAnswerIsMissing() async throws {
        let session = try await drive([["Trip (", "^D"]])
        #expect(session.status == 2)
        #expect(session.transcript.contains("no answer to \"Trip\" (end of input)"), "\(session.transcript)")
        #expect(!session.transcript.contains("interrupted") && !session.transcript.contains("Option 1"))
    }

    /// Enter at "Dates" plans the week its hint starts with; a bare number after the day is
    /// days, and 0 days says so.
    @Test func enterAtDatesTakesAWeekAndZeroDaysIsExplained() async throws {
        let session = try await drive([
            ["Trip (", ""], ["Sports (", "nba"], ["Dates (", "2026-11-29 0"], ["Dates (", ""], ["Start from (", "^D"],
        ])
        let text = session.transcript
        #expect(text.contains("a trip lasts 1 to 366 days, not 0"), "\(text)")
        #expect(!text.contains("invalid date '0'") && !text.contains("an answer is needed"))
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("Dates (") })
        let offered = try #require(line.firstMatch(of: /\[(\d{4}-\d{2}-\d{2}) 7\]/)?.1)
        #expect(text.contains("Start from ("), "Enter took the week of \(offered): \(text)")
        #expect(session.status == 2 && text.contains("no answer to \"Start from\""))
    }

    @Test func controlCAtAPromptLeavesWith130() async throws {
        let session = try await drive([["Trip (", ""], ["Sports (mlb, ", "mlb"], ["Dates (", "^C"]])
        #expect(session.status == 130)
    }

    @Test func aTourIsOfferedFirstAndAskedForStepByStep() async throws {
        let session = try await drive([
            ["Trip (", "opponents"],
            ["Sport (", "nba"],
            ["Team to follow (", "Heet"],
            ["Team to follow (", "MIA"],  // asked again after the typo
            ["Season (", "2025-26"],
            ["Start from (", ""],
            ["End at (", ""],
            ["Max driving hours per day (", ""],
            ["Shortest in (", ""],
        ])
        #expect(session.error == nil)
        #expect(session.status == 0)
        #expect(!session.transcript.contains("Dates ("))
        #expect(session.transcript.contains("did you mean"))
        // Enter at the hours: 6, more by day if needed, never at night — so the one building
        // no day's driving joins to the rest is left out, and said so.
        #expect(session.transcript.contains("Tour: Miami Heat at 28 of its 29 away venues · 2025-26"))
        #expect(session.transcript.contains("left out: "))
        #expect(!session.transcript.contains("driving at night"))
        #expect(session.transcript.contains("proven optimal: "))
        // What stays on screen: a live progress line (shown when the search outlasts 0.5 s, as
        // it may under load) is overwritten after its last "\r\e[2K".
        let shown = session.transcript.split(separator: "\n").map {
            $0.components(separatedBy: "\r\u{1B}[2K").last ?? ""
        }
        let wide = shown.filter { $0.count > 80 }
        #expect(wide.isEmpty, "wider than 80 columns: \(wide)")
    }

    /// Night driving is never a default: when no tour fits by day, the fan is told what it
    /// would take and asked; Enter (no) plans nothing, yes plans the tour and says it drives at night.
    @Test(arguments: [("yes", Int32(0)), ("", Int32(1))])
    func nightDrivingIsOfferedSayingWhatItTakes(answer: String, status: Int32) async throws {
        var trips = TripsProcess()
        trips.environment["TRIPS_NOW"] = "2026-11-26"
        let session = try await drive(
            [
                ["Season (", ""], ["End at (", ""], ["Max driving hours per day (", ""], ["Shortest in (", ""],
                ["Drive at night too (", answer],
            ], arguments: ["--tour", "opponents", "--sport", "nba", "--team", "LAL", "--start", "Los Angeles"],
            in: trips)
        #expect(session.status == status, "\(session.transcript)")
        #expect(session.transcript.contains("no tour fits driving by day (07:00–23:00), even 16 h a day"))
        #expect(session.transcript.contains("h at the wheel between 8-hour rests"))
        #expect(session.transcript.contains("drives overnight") == (status == 0))
        if status == 0 {
            // The summary counts the proof's days (first game to last) and the days on the road.
            let proof = try #require(session.transcript.firstRange(of: /proven optimal: (\d+) days/))
            let days = session.transcript[proof].split(separator: " ")[2]
            #expect(session.transcript.contains("· \(days) days of games ("), "\(session.transcript)")
        }
    }

    @Test func aTourKindThatDoesNotExistIsExplainedAndAskedAgain() async throws {
        let session = try await drive([
            ["Trip (", "ballparks"], ["Trip (", "venues"], ["Sport (", "nfl"],
            ["Only these teams (", "BUF,MIA,NE,NYJ"],
            ["Season (", "2026"], ["Start from (", "Buffalo, NY"], ["End at (", ""],
            ["Max driving hours per day (", "min"],
            ["Shortest in (", "distance"],
        ])
        #expect(session.status == 0)
        #expect(session.transcript.contains("expected dates, opponents"))
        #expect(session.transcript.contains("Tour: the venues of 4 NFL teams · 2026"))
        #expect(session.transcript.contains("fewest hours of driving a day within 10 % of the days at 6 h: "))
    }

    @Test func flagsAnswerTheirQuestionsSoOnlyTheRestAreAsked() async throws {
        // A store of its own: the saved trip must not reach tests that copy the shared store.
        let trips = TripsProcess()
        let session = try await drive(
            [
                ["Start from (", ""], ["End at (", ""], ["Must-see teams (", ""], ["How many options [3]: ", "1"],
                ["Save this trip? (", "NHL weekend"],
            ],
            arguments: ["--sport", "nhl", "--from", "2026-01-10", "--days", "2", "--max-drive-hours", "4"], in: trips)
        #expect(session.status == 0)
        #expect(session.transcript.contains("Saved as NHL weekend"))
        let saved = try await trips.run(["saved", "show", "nhl weekend"])
        #expect(saved.status == 0)
        #expect(saved.stdout.contains("Option 1"))
        #expect(!session.transcript.contains("Sports ("))
        #expect(!session.transcript.contains("Dates ("))
        #expect(session.transcript.contains("Option 1"))
    }
}

/// A real iCalendar parser (Debian's python3-icalendar) reading a file the CLI wrote.
enum ICalendarReference {
    struct Event: Decodable {
        var uid: String
        var zone: String?
        var localStart: String
        var summary: String
        var sequence: Int?
        /// The calendar's X-WR-CALNAME.
        var calendar: String?
        var status: String?
    }

    static func events(_ path: String) async throws -> [Event] {
        let code = """
            import icalendar, json, sys
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            out = []
            for e in cal.walk('VEVENT'):
                start = e.decoded('DTSTART')
                zone = getattr(getattr(start, 'tzinfo', None), 'zone', None) or (str(start.tzinfo) if getattr(start, 'tzinfo', None) else None)
                out.append({'uid': str(e['UID']), 'zone': zone, 'localStart': start.strftime('%Y-%m-%d %H:%M') if hasattr(start, 'hour') else start.isoformat(), 'summary': str(e['SUMMARY']), 'sequence': int(e['SEQUENCE']) if 'SEQUENCE' in e else None, 'calendar': str(cal.get('X-WR-CALNAME')) if cal.get('X-WR-CALNAME') else None, 'status': str(e.get('STATUS')) if e.get('STATUS') else None})
            print(json.dumps(out))
            """
        let parsed = try await TripsProcess.tool("/usr/bin/python3", ["-c", code, path])
        #expect(parsed.status == 0, "the calendar parser failed: \(parsed.stderr)")
        return try JSONDecoder().decode([Event].self, from: Data(parsed.stdout.utf8))
    }
}
