import CloudKitWeb
import Foundation
import LeagueFeeds
import Publisher
import Testing
import TripsModel

/// The publisher against a cloud in memory seeded from the repository's bundle: ids kept,
/// only differences written, idempotent, a truncated feed refused.
@Suite struct PublicationTests {
    static func bundleCloud() throws -> MemoryDatabase {
        MemoryDatabase(try RecordedSeason.bundleRecords { !$0.contains("games-") || $0.contains("games-mlb-2025") })
    }

    @Test func aBundleSeededCloudKeepsItsGameIdsAndASecondRunWritesNothing() async throws {
        let cloud = try Self.bundleCloud()
        let bundleIds = Set(try await cloud.records(ofType: "Game").map(\.recordName))
        let played = try RecordedSeason.read(RecordedSeason.played)
        let first = try await Publication.run(
            [played], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
        #expect(first.normalised.unresolvedTeams.isEmpty)
        #expect(first.normalised.games.count == played.games.count)
        #expect(
            Set(first.normalised.games.map(\.game.id)).isSubset(of: bundleIds), "every feed game kept its bundle id")
        // The as-played file starts on 03-27: the Tokyo Series (03-18/19) lies outside the days
        // it covers, so it is not the feed's to remove.
        #expect(first.plan.deprecated == 0)
        #expect(first.plan.created == 0)
        let tokyo = try await cloud.records(ofType: "Game").filter {
            $0.fields["sourceId"] == .string("778563") || $0.fields["sourceId"] == .string("778564")
        }
        #expect(tokyo.count == 2 && tokyo.allSatisfy { $0.fields["deprecatedAt"] == nil })
        let second = try await Publication.run(
            [played], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
        #expect(second.plan.isEmpty && second.plan.created + second.plan.updated + second.plan.deprecated == 0)
    }

    /// A feed thinned inside its window (every other game gone, the same first and last days)
    /// would deprecate half the games it covers: refused.
    @Test func aFeedCutToHalfIsRefusedUnlessForced() async throws {
        let cloud = try Self.bundleCloud()
        var played = try RecordedSeason.read(RecordedSeason.played)
        played.games = played.games.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
        await #expect(throws: PublishError.self) {
            try await Publication.run(
                [played], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
        }
        do {
            _ = try await Publication.run(
                [played], to: cloud, source: "mlb-statsapi", dryRun: true, force: false)
        } catch let error as PublishError {
            #expect(error.exitCode == 65)
            #expect(error.description.contains("refusing to deprecate"))
        }
        let forced = try await Publication.run(
            [played], to: cloud, source: "mlb-statsapi", dryRun: false, force: true)
        #expect(forced.plan.deprecated > 1_000)
    }

    /// A feed that covers only part of a season (its days up to mid-season, as a date range cut
    /// short) updates the games it lists and leaves the rest of the season alone; inside its
    /// window a game it no longer lists is still removed.
    @Test func aFeedCoveringPartOfASeasonLeavesTheRestAlone() async throws {
        let cloud = try Self.bundleCloud()
        let live: () async throws -> Int = {
            try await cloud.records(ofType: "Game").filter {
                $0.fields["sport"] == .string("mlb") && $0.fields["season"] == .string("2025")
                    && $0.fields["deprecatedAt"] == nil
            }.count
        }
        var played = try RecordedSeason.read(RecordedSeason.played)
        _ = try await Publication.run([played], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
        let before = try await live()
        let middle = try #require(played.games[played.games.count / 2].localDate)
        played.games = played.games.filter { ($0.localDate ?? middle) < middle }
        let dropped = played.games.remove(at: played.games.count / 2)
        let run = try await Publication.run(
            [played], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
        #expect(run.normalised.windows.count == 1)
        #expect(run.plan.updated == 0 && run.plan.created == 0)
        #expect(run.plan.deprecated == 1, "only the game dropped inside the window")
        let gone = try await cloud.records(ofType: "Game").filter { $0.fields["deprecatedAt"] != nil }
        #expect(gone.map { $0.fields["sourceId"] } == [.string(dropped.gameId)])
        #expect(try await live() == before - 1)
    }

    @Test func aRescheduledGameKeepsItsIdAndANewGameGetsTheLeaguesId() async throws {
        let cloud = MemoryDatabase(try RecordedSeason.bundleRecords { !$0.contains("games-") })
        var published = try RecordedSeason.read(RecordedSeason.published)
        let first = try await Publication.run(
            [published], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
        let snow = try #require(first.normalised.games.first { $0.game.sourceId == "778266" })
        #expect(snow.game.id == "game_mlb_778266")
        let index = try #require(published.games.firstIndex { $0.gameId == "778266" })
        published.games[index].start += 86_400 * 3
        published.games[index].localDate = nil
        let moved = try await Publication.run(
            [published], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
        #expect(moved.plan.updated == 1 && moved.plan.created == 0)
        #expect(moved.normalised.games.first { $0.game.sourceId == "778266" }?.game.id == "game_mlb_778266")
        #expect(moved.summaryLines.first?.hasPrefix("MLB 2025: 1 moved") == true)
    }

    static func lease(_ holder: String, expires: Date) -> Record {
        Record(
            recordName: "publisher_lease", recordType: "PublisherLease", recordChangeTag: "l1",
            fields: [
                "holder": .string(holder),
                "expiresAt": .timestamp(Int64(expires.timeIntervalSince1970 * 1000)),
            ])
    }

    @Test func aSecondPublisherStopsNamingTheHolderAndAnExpiredLeaseIsTakenOver() async throws {
        let now = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30T00:53:20Z
        let played = try RecordedSeason.read(RecordedSeason.played)
        let held = try Self.bundleCloud()
        _ = try await held.modifyAtomically([RecordOperation(.create, Self.lease("build-2 pid 7", expires: now + 60))])
        do {
            _ = try await Publication.run(
                [played], to: held, source: "mlb-statsapi", dryRun: false, force: false, holder: "here pid 1", now: now)
            Issue.record("a held lease did not stop the second publisher")
        } catch let error as PublishError {
            #expect(error.exitCode == 75)
            #expect(error.description.hasPrefix("publishing from build-2 pid 7 until 2026-11-30 00:55 UTC"))
        }
        #expect(try await held.records(ofType: "Game").allSatisfy { $0.fields["homeScore"] == nil }, "nothing written")

        let expired = try Self.bundleCloud()
        _ = try await expired.modifyAtomically([RecordOperation(.create, Self.lease("build-2 pid 7", expires: now - 1))]
        )
        let run = try await Publication.run(
            [played], to: expired, source: "mlb-statsapi", dryRun: false, force: false, holder: "here pid 1", now: now)
        #expect(run.plan.updated > 2_000)
        let lease = try #require(try await expired.records(ofType: "PublisherLease").first)
        #expect(lease.fields["holder"] == .string("here pid 1"))
        if case .timestamp(let until)? = lease.fields["expiresAt"] {
            #expect(Double(until) / 1000 <= Date().timeIntervalSince1970, "released when done")
        }
    }

    @Test func theNHLWeekOf2026PublishesItsGamesAgainstTheBundlesTeams() async throws {
        let cloud = MemoryDatabase(try RecordedSeason.bundleRecords { $0 != "records/games-nhl-2026-27.json" })
        let url = RecordedSeason.feeds.appendingPathComponent("nhl/schedule_week_2026-10-01_20262027_TRANSCRIBED.json")
        let week = try NHLSchedule.read(Data(contentsOf: url), source: url.lastPathComponent)
        let run = try await Publication.run(
            [week], to: cloud, source: "nhl-api-web", dryRun: false, force: false)
        #expect(run.normalised.unresolvedTeams.isEmpty)
        #expect(run.plan.created == week.games.count && run.plan.deprecated == 0)
        #expect(run.normalised.newStadiums.isEmpty)
        // The feed's "Centre Bell" is a name the bundle knows (the NHL's results use it too).
        #expect(run.normalised.venuesAsHomePark.isEmpty, "\(run.normalised.venuesAsHomePark)")
        #expect(run.normalised.games.allSatisfy { $0.game.season == "2026-27" && $0.game.id.hasPrefix("game_nhl_") })
    }

    /// ESPN's NFL capture was taken during the Sunday 1 pm games (8 in progress, 2 final): the
    /// finals keep their scores, a game in progress stores none — a partial score is no result.
    @Test func aCaptureTakenMidGameStoresNoPartialScore() async throws {
        let url = RecordedSeason.feeds.appendingPathComponent("espn/ha-teamtracker_nfl.json")
        let week = try ESPNScoreboard.read(Data(contentsOf: url), source: url.lastPathComponent)
        let live = Set(week.games.filter { $0.status == .inProgress && $0.score != nil }.map(\.gameId))
        let finals = Set(week.games.filter { $0.status == .final && $0.score != nil }.map(\.gameId))
        #expect(!live.isEmpty && !finals.isEmpty)

        let run = try await Publication.run(
            [week], to: MemoryDatabase(try RecordedSeason.bundleRecords { !$0.contains("games-") }),
            source: "espn-scoreboard", dryRun: true, force: false)
        let games = run.normalised.games.map(\.game)
        let unscored = games.filter { live.contains($0.sourceId ?? "") }
        #expect(unscored.count == live.count && unscored.allSatisfy { $0.homeScore == nil && $0.awayScore == nil })
        let scored = games.filter { finals.contains($0.sourceId ?? "") }
        #expect(scored.count == finals.count && scored.allSatisfy { $0.homeScore != nil && $0.status == .final })
    }

    /// The bundle files NHL 2026-27 under the league's own game ids, as the feed does: the week's
    /// games are the bundle's records (no game created twice), and only the starts that differ
    /// between the week's capture (2026-09-01) and the bundle's (opening day) are updates.
    @Test func theNHLWeekOf2026IsTheBundlesOwnGames() async throws {
        let records = try RecordedSeason.bundleRecords()
        let bundled = records.filter {
            $0.recordType == "Game" && $0.fields["season"] == .string("2026-27") && $0.fields["sport"] == .string("nhl")
        }
        let byLeagueId = Dictionary(
            uniqueKeysWithValues: bundled.map { ($0.fields["sourceId"]?.stringValue ?? "", $0) })
        let url = RecordedSeason.feeds.appendingPathComponent("nhl/schedule_week_2026-10-01_20262027_TRANSCRIBED.json")
        let week = try NHLSchedule.read(Data(contentsOf: url), source: url.lastPathComponent)
        let moved = week.games.filter { game in
            byLeagueId[game.gameId]?.fields["startTime"] != .timestamp(Int64(game.start.timeIntervalSince1970 * 1000))
        }
        #expect(week.games.allSatisfy { byLeagueId[$0.gameId] != nil })

        let run = try await Publication.run(
            [week], to: MemoryDatabase(records), source: "nhl-api-web", dryRun: false, force: false)
        #expect(run.plan.created == 0 && run.plan.deprecated == 0)
        #expect(run.plan.updated == moved.count && !moved.isEmpty, "\(moved.map(\.gameId))")
        #expect(run.normalised.games.allSatisfy { byLeagueId[$0.game.sourceId ?? ""]?.recordName == $0.game.id })
    }
}
