import Foundation
import Testing

/// What a new user tripped over (issue 27 item 4), through the built `trips`.
@Suite struct InputEdgesTests {
    let trips = TripsProcess.shared

    /// "Sonics" finds the SuperSonics' history: the club moved and became the Oklahoma City
    /// Thunder in 2008, and the name says so (issue 27 item 4).
    @Test(arguments: [("Sonics", "nickname"), ("SuperSonics", "nickname"), ("Seattle SuperSonics", "name")])
    func theSonicsAreTheThundersHistory(name: String, kind: String) async throws {
        let result = try await trips.run(["games", "--team", name, "--season", "2025-26"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("82 games · Oklahoma City Thunder · 2025-26\n"), "\(result.stdout)")
        #expect(result.stderr == "note: \(name) is a former \(kind) of the Oklahoma City Thunder (used until 2008)\n")
    }

    @Test func aTeamNamedTwiceCountsOnce() async throws {
        let once = try await trips.run(["games", "--sport", "mlb", "--team", "NYY", "--season", "2026"])
        let twice = try await trips.run([
            "games", "--sport", "mlb", "--team", "NYY", "--team", "NYY", "--season", "2026",
        ])
        let spelt = try await trips.run([
            "games", "--sport", "mlb", "--team", "NYY", "--team", "Yankees", "--season", "2026",
        ])
        #expect(twice.status == 0)
        #expect(twice.stdout == once.stdout)
        #expect(spelt.stdout == once.stdout)
        #expect(twice.stdout.hasSuffix("162 games · New York Yankees · 2026\n"))
    }

    @Test(arguments: ["mlb,,nba", "mlb,", ",nba", "mlb, ,nba"])
    func anEmptyItemInASportListIsAUsageError(list: String) async throws {
        for command in [["games"], ["teams"], ["stadiums"]] {
            let result = try await trips.run(command + ["--sport", list])
            #expect(result.status == 2, "\(command) \(list)")
            #expect(result.stdout == "")
            #expect(
                result.stderr.hasPrefix(
                    "trips: invalid value '\(list)' for --sport: an empty item in the list; separate names with "
                        + "single commas (mlb,nba)\n"), "\(result.stderr)")
            #expect(result.stderr.contains("Usage: trips \(command[0])"))
        }
    }

    @Test func laIsAmbiguousInASportWithTwoLosAngelesTeams() async throws {
        for (sport, teams) in [("nba", ["LA Clippers", "Los Angeles Lakers"]), ("mlb", ["Angels", "Dodgers"])] {
            let result = try await trips.run(["games", "--sport", sport, "--team", "LA"])
            #expect(result.status == 2, "\(sport)")
            #expect(result.stderr.hasPrefix("trips: team 'LA' is ambiguous: "), "\(result.stderr)")
            for team in teams { #expect(result.stderr.contains(team), "\(sport): \(team)") }
            #expect(result.stderr.hasSuffix(" — use the code or the full name\n"), "\(result.stderr)")
        }
        // A sport with one Los Angeles team (the NHL: Anaheim is not LA), or whose code is LA.
        let kings = try await trips.run(["games", "--sport", "nhl", "--team", "LA", "--format", "json", "--limit", "1"])
        #expect(kings.status == 0)
        #expect(kings.stdout.contains("\"team_nhl_lak\""))
        let rams = try await trips.run(["games", "--sport", "nfl", "--team", "LA", "--format", "json", "--limit", "1"])
        #expect(rams.stdout.contains("\"team_nfl_la\""))
        // "Los Angeles Clippers" is the Clippers, stored as "LA Clippers".
        let clippers = try await trips.run([
            "games", "--sport", "nba", "--team", "Los Angeles Clippers", "--format", "json", "--limit", "1",
        ])
        #expect(clippers.status == 0, "\(clippers.stderr)")
        #expect(clippers.stdout.contains("\"team_nba_lac\""))
    }

    /// Absurd values are refused where they enter (issue 37 item 6): a visit in year 1, a trip
    /// name of 100,000 characters or with an escape, a web auth token typed on the command line.
    @Test func absurdValuesAreRefusedWhereTheyEnter() async throws {
        let trips = TripsProcess()
        let ancient = try await trips.run(["visited", "add", "Wrigley Field", "--date", "0001-01-01"])
        #expect(ancient.status == 2 && ancient.stderr.contains("outside the years trips knows (1900–2200)"))
        #expect(try await trips.run(["visited", "list"]).stdout.contains("Wrigley Field") == false)
        let window = ["plan", "--sport", "mlb", "--from", "2026-06-01", "--days", "2", "--start", "Chicago"]
        let long = try await trips.run(window + ["--save", String(repeating: "x", count: 100_000)])
        #expect(long.status == 2 && long.stderr.contains("at most 200 characters"), "\(long.stderr.prefix(300))")
        let escaped = try await trips.run(window + ["--save", "Trip\u{1B}[31m"])
        #expect(escaped.status == 2 && escaped.stderr.contains("control characters"))
        #expect(try await trips.run(["saved", "list"]).stdout.contains("No saved trips yet"))
        let token = try await trips.run(["config", "set", "cloud.webAuthToken", "secret-token-123456"])
        #expect(token.status == 2 && token.stderr.contains("not taken from the command line"))
        #expect(!token.stdout.contains("secret") && !token.stderr.contains("secret-token"))
    }

    @Test func aVisitInTheFutureIsRefused() async throws {
        let trips = TripsProcess()  // TRIPS_NOW 2026-11-22, Chicago
        let future = try await trips.run(["visited", "add", "Wrigley Field", "--date", "2026-11-23"])
        #expect(future.status == 2)
        #expect(
            future.stderr
                == "trips: --date 2026-11-23 is in the future — mark a venue visited once you have been there\n")
        let tomorrow = try await trips.run(["visited", "add", "Wrigley Field", "--date", "tomorrow"])
        #expect(tomorrow.status == 2)
        #expect(try await trips.run(["visited", "list"]).stdout.contains("Wrigley Field") == false)
        #expect(try await trips.run(["visited", "add", "Wrigley Field", "--date", "today"]).status == 0)
        #expect(try await trips.run(["visited", "list"]).stdout.contains("2026-11-22"))
    }

    @Test func savedTripNamesCompleteAndASavedTripExportsItsMaps() async throws {
        let trips = TripsProcess()
        let window = UserDataCommandTests.window
        let plan = try await trips.run(["plan"] + window + ["--options", "1", "--save", "Texas swing"])
        #expect(plan.status == 0, "\(plan.stderr)")
        for words in [["saved", "show", "Tex"], ["saved", "show", "tex"], ["saved", "export", "T"]] {
            let complete = try await trips.run(["__complete", "--store", trips.store] + words, withStore: false)
            #expect(complete.stdout == "Texas swing\n", "\(words)")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trips-maps-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for ext in ["geojson", "gpx"] {
            let saved = dir.appendingPathComponent("saved.\(ext)").path
            let planned = dir.appendingPathComponent("plan.\(ext)").path
            let export = try await trips.run(["saved", "export", "Texas swing", "--output", saved])
            #expect(export.status == 0, "\(export.stderr)")
            let again = try await trips.run(["plan"] + window + ["--options", "1", "--output", planned])
            #expect(again.status == 0, "\(again.stderr)")
            let savedText = try String(contentsOfFile: saved, encoding: .utf8)
            #expect(savedText == (try String(contentsOfFile: planned, encoding: .utf8)), "\(ext)")
            #expect(savedText.contains(ext == "gpx" ? "<gpx" : "\"FeatureCollection\""))
        }
    }
}
