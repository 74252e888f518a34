import Foundation
import Testing

/// Results in every output of `trips games` and `trips export` (issue 39 item 2): the table's
/// RESULT, JSON's score, CSV's score columns (read back with Python's csv module) and the
/// calendar's DESCRIPTION (read back with Python's icalendar, SUMMARY staying the matchup);
/// `--no-scores` and `config scores off` leave no result in any of them, `--scores` shows them
/// once; `live` comes from the clock alone.
@Suite struct ResultsEverywhereTests {
    /// NHL 2025-26 is in the bundle as played: finals with their scores.
    static let played = ["--sport", "nhl", "--team", "NYR", "--from", "2025-10-07", "--to", "2025-10-20"]

    static func json(_ result: TripsProcess.Result) throws -> [[String: Any]] {
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(object?["games"] as? [[String: Any]])
    }

    /// The results as the store has them: "AWY a, HOM h" by game id, from JSON.
    static func results(_ games: [[String: Any]]) -> [String: String] {
        var out: [String: String] = [:]
        for game in games {
            guard let id = game["id"] as? String, let score = game["score"] as? [String: Int],
                let away = (game["awayTeam"] as? [String: Any])?["abbreviation"] as? String,
                let home = (game["homeTeam"] as? [String: Any])?["abbreviation"] as? String
            else { continue }
            out[id] = "\(away) \(score["away"] ?? -1), \(home) \(score["home"] ?? -1)"
        }
        return out
    }

    /// CSV rows as Python's csv.DictReader reads them.
    static func csvRows(_ text: String) async throws -> [[String: String]] {
        let script = "import csv, json, sys; print(json.dumps(list(csv.DictReader(sys.stdin))))"
        let parsed = try await TripsProcess.tool("/usr/bin/python3", ["-c", script], input: text)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        return try JSONDecoder().decode([[String: String]].self, from: Data(parsed.stdout.utf8))
    }

    /// UID → (SUMMARY, DESCRIPTION) as Python's icalendar reads the calendar.
    static func events(_ text: String) async throws -> [String: [String]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("results-\(UUID()).ics")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import icalendar, json, sys
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            print(json.dumps({str(e['UID']): [str(e['SUMMARY']), str(e.get('DESCRIPTION', ''))]
                for e in cal.walk('VEVENT')}))
            """
        let parsed = try await TripsProcess.tool("/usr/bin/python3", ["-c", script, file.path])
        #expect(parsed.status == 0, "icalendar could not read it: \(parsed.stderr)")
        return try JSONDecoder().decode([String: [String]].self, from: Data(parsed.stdout.utf8))
    }

    /// Every output for `played`, checked for the `stored` results when `shown`, else for none.
    static func checkOutputs(_ trips: TripsProcess, _ extra: [String], stored: [String: String], shown: Bool)
        async throws
    {
        let expected = shown ? stored : nil
        let label = extra.isEmpty ? "default" : extra.joined(separator: " ")
        let games = try json(try await trips.run(["games"] + played + extra + ["--format", "json"]))
        #expect(!games.isEmpty)
        if let expected {
            #expect(results(games) == expected, "\(label): JSON")
        } else {
            #expect(games.allSatisfy { $0["score"] == nil }, "\(label): JSON has no score")
        }

        let table = try await trips.run(["games"] + played + extra)
        #expect(table.status == 0)
        #expect(table.stdout.contains("RESULT") == (expected != nil), "\(label): table")
        let shownResult = table.stdout.range(of: #"F \d+–\d+"#, options: .regularExpression) != nil
        #expect(shownResult == (expected != nil), "\(label): table")

        let csv = try await csvRows(try await trips.run(["games"] + played + extra + ["--format", "csv"]).stdout)
        #expect(csv.count == games.count)
        for row in csv {
            let id = row["id"] ?? ""
            if let expected {
                let score =
                    "\(row["away"] ?? "") \(row["away_score"] ?? ""), \(row["home"] ?? "") \(row["home_score"] ?? "")"
                #expect(expected[id] == score, "\(label): CSV \(id)")
            } else {
                #expect(row["away_score"] == nil && row["home_score"] == nil, "\(label): CSV has no score columns")
            }
        }

        let calendar = try await trips.run(["export"] + played + extra + ["--format", "ics"])
        #expect(calendar.status == 0, "\(calendar.stderr)")
        let events = try await events(calendar.stdout)
        #expect(events.count == games.count)
        for game in games {
            let id = try #require(game["id"] as? String)
            let event = try #require(events[id])
            let away = (game["awayTeam"] as? [String: Any])?["abbreviation"] as? String ?? ""
            let home = (game["homeTeam"] as? [String: Any])?["abbreviation"] as? String ?? ""
            #expect(event[0] == "\(away) @ \(home)", "\(label): SUMMARY is the matchup")
            if let expected {
                #expect(event[1].contains("final: " + (expected[id] ?? "?")), "\(label): \(event[1])")
            } else {
                let result = stored[id] ?? "?"
                #expect(!event[1].contains("final") && !event[1].contains(result), "\(label): \(event[1])")
            }
        }
    }

    @Test func resultsAreInEveryOutputAndNoScoresLeavesThemOutOfEvery() async throws {
        let trips = TripsProcess.shared
        let stored = Self.results(try Self.json(try await trips.run(["games"] + Self.played + ["--format", "json"])))
        #expect(stored.count >= 4, "the played games have scores in the store")
        try await Self.checkOutputs(trips, [], stored: stored, shown: true)
        try await Self.checkOutputs(trips, ["--no-scores"], stored: stored, shown: false)
        let both = try await trips.run(["games"] + Self.played + ["--scores", "--no-scores"])
        #expect(both.status == 2 && both.stderr.contains("cannot be used together"))
    }

    @Test func configScoresOffHidesThemEverywhereAndScoresShowsThemOnce() async throws {
        let trips = TripsProcess()
        let stored = Self.results(try Self.json(try await trips.run(["games"] + Self.played + ["--format", "json"])))
        let set = try await trips.run(["config", "set", "scores", "off"])
        #expect(set.status == 0 && set.stdout.contains("scores = off"), "\(set.stderr)")
        try await Self.checkOutputs(trips, [], stored: stored, shown: false)
        try await Self.checkOutputs(trips, ["--scores"], stored: stored, shown: true)
        let bad = try await trips.run(["config", "set", "scores", "maybe"])
        #expect(bad.status == 2 && bad.stderr.contains("expected on or off"), "\(bad.stderr)")
    }

    @Test func aSubscriptionWithoutScoresAsksTheCloudForNone() async throws {
        var trips = TripsProcess()
        trips.environment["TRIPS_CLOUD_URL"] = "http://127.0.0.1:8123"
        let args = ["export", "--subscribe", "--sport", "nhl", "--team", "NYR"]
        let shown = try await trips.run(args)
        #expect(shown.stdout == "webcal://127.0.0.1:8123/calendars/nhl/nyr.ics\n", "\(shown.stderr)")
        let hidden = try await trips.run(args + ["--no-scores"])
        #expect(hidden.stdout == "webcal://127.0.0.1:8123/calendars/nhl/nyr.ics?scores=off\n")
        #expect(try await trips.run(["config", "set", "scores", "off"]).status == 0)
        #expect(try await trips.run(args).stdout == hidden.stdout)
    }

    /// A game begun an hour before the pinned clock, with no result, is live; five hours on
    /// it is not (the window is four), and no score is made up either way.
    @Test func liveComesFromTheClock() async throws {
        let day = ["--sport", "nhl", "--from", "2026-12-01", "--to", "2026-12-01"]
        let games = try Self.json(try await TripsProcess.shared.run(["games"] + day + ["--format", "json"]))
        let first = try #require(games.first { $0["timeTBD"] as? Bool == false })
        let id = try #require(first["id"] as? String)
        let startTime = try #require(first["startTime"] as? String)
        let start = try #require(ISO8601DateFormatter().date(from: startTime))
        func at(_ offset: TimeInterval) -> TripsProcess {
            var trips = TripsProcess.shared
            trips.environment["TRIPS_NOW"] = ISO8601DateFormatter().string(from: start.addingTimeInterval(offset))
            return trips
        }
        let during = try Self.json(try await at(3_600).run(["games"] + day + ["--format", "json"]))
        let game = try #require(during.first { $0["id"] as? String == id })
        #expect(game["status"] as? String == "live" && game["score"] == nil)
        let table = try await at(3_600).run(["games"] + day)
        #expect(table.stdout.contains("RESULT") && table.stdout.contains("live"))
        let csv = try await Self.csvRows(try await at(3_600).run(["games"] + day + ["--format", "csv"]).stdout)
        #expect(csv.first { $0["id"] == id }?["status"] == "live")
        let after = try Self.json(try await at(5 * 3_600).run(["games"] + day + ["--format", "json"]))
        #expect(after.first { $0["id"] as? String == id }?["status"] as? String == "scheduled")
        let before = try Self.json(try await at(-60).run(["games"] + day + ["--format", "json"]))
        #expect(before.first { $0["id"] as? String == id }?["status"] as? String == "scheduled")
    }
}
