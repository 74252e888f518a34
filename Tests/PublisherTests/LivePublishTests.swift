import CloudServerProcess
import Foundation
import LeagueFeeds
import TestSupport
import Testing

/// `trips-cloud publish` against a real `trips-cloud` and a real `trips sync`: the MLB 2025
/// schedule as published, then as played. The cloud starts without games but with the bundle's
/// teams and venues (`RecordedSeason.referenceBundle`): a publish needs teams to file games under.
@Suite(.serialized) struct LivePublishTests {
    struct Tools {
        let server: CloudServerProcess
        let home: URL
        /// The client's bundle (`TRIPS_DATA`): by default the game-less one the cloud started from.
        var data = RecordedSeason.referenceBundle

        var cloudExecutable: URL { server.executable }
        var tripsExecutable: URL { server.executable.deletingLastPathComponent().appendingPathComponent("trips") }
        var store: String { home.appendingPathComponent("trips.sqlite").path }

        func arguments(_ feed: URL, _ extra: [String] = []) -> [String] {
            [
                "publish", "--feed", "mlb-statsapi=\(feed.path)", "--url", server.url.absoluteString, "--key-id",
                server.serverKeyID, "--key", server.serverPrivateKey.path, "--container", server.container,
                "--format", "json",
            ] + extra
        }

        func publish(_ feed: URL, _ extra: [String] = []) async throws -> WatchedProcess.Exit {
            try await WatchedProcess(cloudExecutable, arguments(feed, extra)).exit(within: .seconds(300))
        }

        func sync() async throws -> WatchedProcess.Exit { try await trips("sync") }

        /// `trips ARGS` on this home, with the game-less bundle and this cloud.
        func trips(_ arguments: String...) async throws -> WatchedProcess.Exit { try await trips(arguments) }

        func trips(_ arguments: [String]) async throws -> WatchedProcess.Exit {
            let environment = [
                "PATH": "/usr/bin:/bin", "HOME": home.path, "TRIPS_HOME": home.path,
                "TRIPS_DATA": data.path, "NO_COLOR": "1", "TZ": "UTC",
                "TRIPS_CLOUD_URL": server.url.absoluteString, "TRIPS_CLOUD_CONTAINER": server.container,
                "TRIPS_CLOUD_API_TOKEN": server.apiToken,
            ]
            return try await WatchedProcess(tripsExecutable, arguments, environment: environment)
                .exit(within: .seconds(300))
        }

        /// The store's live MLB 2025 games with their venue's name and zone.
        func storeGames() async throws -> [String: [String: Any]] {
            let sql = """
                SELECT g.id, g.start_ms, g.time_tbd, g.status, g.game_number, g.home_score, g.away_score,
                       g.source_id, s.name AS venue, s.time_zone AS zone,
                       (SELECT group_concat(a.value, '|') FROM stadium_aliases a WHERE a.stadium_id = s.id) AS aliases
                FROM games g JOIN stadiums s ON s.id = g.stadium_id
                WHERE g.sport = 'mlb' AND g.season = '2025' AND g.deprecated_at_ms IS NULL AND g.change_tag != ''
                """
            let result = try await WatchedProcess(URL(fileURLWithPath: "/usr/bin/sqlite3"), ["-json", store, sql])
                .exit(within: .seconds(60))
            let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
            return Dictionary(rows.map { ($0["id"] as? String ?? "", $0) }) { a, _ in a }
        }
    }

    static func counts(_ exit: WatchedProcess.Exit) throws -> [String: Any] {
        let line = exit.stdout.split(separator: "\n").last.map(String.init) ?? ""
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(exit)")
    }

    /// What a game's record holds, read from the feed directly: the games whose record must change.
    static func recordFacts(_ g: FeedGame) -> String {
        let status = g.status == .inProgress ? "scheduled" : g.status.rawValue
        return [
            "\(g.start.timeIntervalSince1970)", "\(g.timeTBD)", "\(g.gameNumber)", status, g.venue?.name ?? "",
            "\(g.score?.home ?? -1)-\(g.score?.away ?? -1)", "\(g.isNeutralSite)",
            "\(g.suspension?.resumes?.start?.timeIntervalSince1970 ?? 0)", g.home.name, g.away.name,
        ].joined(separator: "|")
    }

    @Test func publishAsPublishedThenAsPlayedAndSync() async throws {
        let server = try await CloudServerProcess.start(data: RecordedSeason.referenceBundle)
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("publisher-home-\(UUID())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let tools = Tools(server: server, home: home)
        let published = try RecordedSeason.read(RecordedSeason.published)
        let played = try RecordedSeason.read(RecordedSeason.played)

        // 1. As published, to a cloud without games: 2,430 games in the store after a sync.
        let first = try Self.counts(try await tools.publish(RecordedSeason.published))
        #expect(first["created"] as? Int == published.games.count + (first["stadiumsCreated"] as? Int ?? 0))
        #expect((first["unresolvedTeams"] as? [String])?.isEmpty == true)
        let synced = try await tools.sync()
        #expect(synced.status == 0, "\(synced.stderr)")
        let before = try await tools.storeGames()
        #expect(before.count == 2_430)
        let postponedIds = played.games.filter { $0.postponement != nil }.map(\.gameId)
        #expect(postponedIds.count >= 20)
        let idOf = Dictionary(before.values.map { ($0["source_id"] as? String ?? "", $0["id"] as? String ?? "") }) {
            a, _ in a
        }

        // A saved trip naming the game the snow later moved (WSH @ COL, Apr 18 → Apr 20).
        let saved = try await tools.trips(
            "plan", "--sport", "mlb", "--team", "COL", "--from", "2025-04-18", "--days", "1", "--start", "Denver, CO",
            "--save", "Snow day")
        #expect(saved.status == 0, "\(saved.stderr)")

        // 2. As played, dry run: the counts equal the files' differences counted here.
        let old = Dictionary(published.games.map { ($0.gameId, $0) }) { a, _ in a }
        let new = Dictionary(played.games.map { ($0.gameId, $0) }) { a, _ in a }
        let changed = new.filter { id, g in old[id].map { Self.recordFacts($0) != Self.recordFacts(g) } ?? false }.count
        let added = new.keys.filter { old[$0] == nil }.count
        // Only a game within the days the new file covers is its to remove: the Tokyo Series
        // (03-18/19) lies before the as-played file's first day (03-27) and stays.
        let playedDays = played.games.compactMap(\.localDate)
        let window = try #require(playedDays.min())...(try #require(playedDays.max()))
        let outside = published.games.filter {
            new[$0.gameId] == nil && !window.contains($0.localDate ?? window.lowerBound)
        }
        #expect(outside.map(\.gameId).sorted() == ["778563", "778564"])
        let removed = old.keys.filter { new[$0] == nil }.count - outside.count
        #expect(removed == 0)
        let dry = try Self.counts(try await tools.publish(RecordedSeason.played, ["--dry-run"]))
        #expect(dry["updated"] as? Int == changed)
        #expect(dry["created"] as? Int == added + (dry["stadiumsCreated"] as? Int ?? 0))
        #expect(dry["deprecated"] as? Int == removed)
        let diff = FeedDiff(before: published.games, after: played.games).summary
        let season = try #require((dry["seasons"] as? [[String: Any]])?.first)
        let kinds = season["changes"] as? [String: Int] ?? [:]
        #expect(kinds["timeSet"] == diff[.timeSet])
        #expect(kinds["postponed"] == diff[.postponed])
        #expect((kinds["removed"] ?? 0) == diff[.removed] - outside.count)

        // 3. Publish it, sync: every game as the as-played file says; moved games kept their ids.
        let started = Date()
        let real = try Self.counts(try await tools.publish(RecordedSeason.played))
        let publishSeconds = Date().timeIntervalSince(started)
        #expect(real["updated"] as? Int == changed)
        let resynced = try await tools.sync()
        #expect(resynced.status == 0, "\(resynced.stderr)")
        let after = try await tools.storeGames()
        #expect(after.count == played.games.count + outside.count)
        for tokyo in outside {
            #expect(after[idOf[tokyo.gameId] ?? ""] != nil, "\(tokyo.gameId) still live after the as-played publish")
        }
        var mismatches: [String] = []
        for g in played.games {
            guard let row = after.values.first(where: { $0["source_id"] as? String == g.gameId }) else {
                mismatches.append("\(g.gameId): missing")
                continue
            }
            var facts: [String] = []
            let start = (row["start_ms"] as? Int).map { Double($0) / 1000 }
            if start != g.start.timeIntervalSince1970 { facts.append("start") }
            if let day = g.localDate, let zone = TimeZone(identifier: row["zone"] as? String ?? ""), let start {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = zone
                let c = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: start))
                if (c.year, c.month, c.day) != (day.year, day.month, day.day) && !g.timeTBD { facts.append("date") }
            }
            if row["game_number"] as? Int != g.gameNumber { facts.append("game number") }
            let status = g.status == .inProgress ? "scheduled" : g.status.rawValue
            if row["status"] as? String != status { facts.append("status") }
            if row["home_score"] as? Int != g.score?.home || row["away_score"] as? Int != g.score?.away {
                facts.append("score")
            }
            let names =
                [row["venue"] as? String ?? ""]
                + (row["aliases"] as? String ?? "").split(separator: "|").map(String.init)
            if let venue = g.venue?.name, !names.contains(venue) {
                facts.append("venue \(venue) ≠ \(row["venue"] as? String ?? "")")
            }
            if !facts.isEmpty { mismatches.append("\(g.gameId): \(facts.joined(separator: ", "))") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        for id in postponedIds {
            #expect(after.values.first { $0["source_id"] as? String == id }?["id"] as? String == idOf[id])
        }

        let trip = try await tools.trips("saved", "show", "Snow day")
        #expect(trip.status == 0 && trip.stdout.contains("WSH @ COL"), "\(trip.stdout)\(trip.stderr)")
        // Results show as away–home, and hide on request (ARI 4 @ WSH 5 on 2025-04-06).
        let day = ["games", "--sport", "mlb", "--team", "WSH", "--from", "2025-04-06", "--to", "2025-04-06"]
        let scored = try await tools.trips(day)
        #expect(scored.stdout.contains("RESULT") && scored.stdout.contains("F 4–5"), "\(scored.stdout)")
        let hidden = try await tools.trips(day + ["--no-scores"])
        #expect(hidden.status == 0 && !hidden.stdout.contains("4–5"))

        // 4. Again: nothing to write.
        let noChange = Date()
        let again = try Self.counts(try await tools.publish(RecordedSeason.played))
        let noChangeSeconds = Date().timeIntervalSince(noChange)
        #expect(again["created"] as? Int == 0 && again["updated"] as? Int == 0 && again["deprecated"] as? Int == 0)
        print("publish of the as-played diff: \(publishSeconds) s; no-change publish: \(noChangeSeconds) s (debug)")

        // 5. Half the season's days (a date range cut short): nothing beyond its last day is
        // removed. Half the games over the same days (every other one): refused (65) without --force.
        let file =
            try JSONSerialization.jsonObject(with: Data(contentsOf: RecordedSeason.played)) as? [String: Any] ?? [:]
        let dates = file["dates"] as? [[String: Any]] ?? []
        var firstHalf = file
        firstHalf["dates"] = Array(dates.prefix(dates.count / 2))
        let shortened = home.appendingPathComponent("first-half.json")
        try JSONSerialization.data(withJSONObject: firstHalf).write(to: shortened)
        let partial = try await tools.publish(shortened, ["--dry-run"])
        #expect(partial.status == 0, "\(partial.stderr)")
        let partialCounts = try Self.counts(partial)
        // (Its postponed games whose makeup lies past the cut stand as postponed again: updates.)
        #expect(partialCounts["deprecated"] as? Int == 0 && partialCounts["created"] as? Int == 0)
        var thinned = file
        thinned["dates"] = dates.map { date in
            var date = date
            let games = date["games"] as? [Any] ?? []
            date["games"] = games.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
            return date
        }
        let cut = home.appendingPathComponent("half.json")
        try JSONSerialization.data(withJSONObject: thinned).write(to: cut)
        let refused = try await tools.publish(cut)
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("refusing to deprecate") && !refused.stderr.contains("\n\n"))
    }
}

/// A publish killed with SIGKILL at random moments, then run again, converges: every batch is
/// atomic and a rerun reads what the killed runs wrote, so the cloud ends as the feed says (a
/// dry run finds nothing to do) with the season's games once each.
@Suite(.serialized) struct KilledPublishTests {
    @Test func aPublishKilledAtRandomMomentsThenRunAgainConverges() async throws {
        let server = try await CloudServerProcess.start(data: RecordedSeason.referenceBundle)
        defer { server.stop() }
        let tools = LivePublishTests.Tools(server: server, home: FileManager.default.temporaryDirectory)
        var random = SeededGenerator(seed: TestSeed.draw())
        let kills = TestSize.pick(short: 8, long: 20)
        var killedWhileRunning = 0
        for round in 0..<kills {
            let feed = round.isMultiple(of: 2) ? RecordedSeason.published : RecordedSeason.played
            let child = try WatchedProcess(tools.cloudExecutable, tools.arguments(feed))
            // Within the first rounds' run (a season created, then played): later rounds are quick
            // (the as-published file is refused as older once results are in).
            try await Task.sleep(for: .milliseconds(Int.random(in: 20...700, using: &random)))
            if child.isRunning { killedWhileRunning += 1 }
            child.kill()
            _ = try await child.exit(within: .seconds(60))
        }
        #expect(killedWhileRunning > 0)
        let finished = try await tools.publish(RecordedSeason.played)
        #expect(finished.status == 0, "\(finished.stderr)")
        let check = try LivePublishTests.counts(try await tools.publish(RecordedSeason.played, ["--dry-run"]))
        #expect(check["created"] as? Int == 0 && check["updated"] as? Int == 0 && check["deprecated"] as? Int == 0)
        let played = try RecordedSeason.read(RecordedSeason.played)
        #expect((check["seasons"] as? [[String: Any]])?.first?["unchanged"] as? Int == played.games.count)
    }
}
