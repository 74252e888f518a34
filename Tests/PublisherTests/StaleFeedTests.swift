import CloudKitWeb
import FeedFetch
import Foundation
import LeagueFeeds
import Publisher
import TestSupport
import Testing
import TripsModel

/// A feed that is cut by date or older than what the cloud holds never sets played games back:
/// the makeups played after a cut feed's last day keep their results, an older snapshot (the
/// schedule as published, a stale copy) is refused with the two dates, and a response dated
/// before the one already published from its URL is refused. Expectations are read from the
/// recorded file itself (JSONSerialization), not from the product's reader.
@Suite struct StaleFeedTests {
    static let cut = "2025-06-30"

    /// The as-played file's `dates` up to `last` (inclusive), as a feed asked for a date range
    /// ending there answers: each game's listings on those days only.
    static func played(through last: String) throws -> (schedule: FeedSchedule, wire: [[String: Any]]) {
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: RecordedSeason.played)) as? [String: Any])
        let dates = try #require(document["dates"] as? [[String: Any]])
        let kept = dates.filter { ($0["date"] as? String ?? "") <= last }
        document["dates"] = kept
        let data = try JSONSerialization.data(withJSONObject: document)
        return (try MLBStatsAPISchedule.read(data, source: "cut"), dates)
    }

    /// gamePks postponed on a day up to `last` and played (Final) on a day after it.
    static func makeupsPlayedAfter(_ last: String, in dates: [[String: Any]]) -> Set<String> {
        var postponedBy: Set<Int> = []
        var playedAfter: Set<Int> = []
        for day in dates {
            let date = day["date"] as? String ?? ""
            for case let game as [String: Any] in day["games"] as? [Any] ?? [] {
                guard let pk = game["gamePk"] as? Int, let status = game["status"] as? [String: Any] else { continue }
                let state = status["detailedState"] as? String ?? ""
                if date <= last && state == "Postponed" { postponedBy.insert(pk) }
                if date > last && status["abstractGameState"] as? String == "Final" { playedAfter.insert(pk) }
            }
        }
        return Set(postponedBy.intersection(playedAfter).map(String.init))
    }

    static func games(_ cloud: MemoryDatabase) async throws -> [String: Record] {
        Dictionary(
            try await cloud.records(ofType: "Game").compactMap { record -> (String, Record)? in
                guard case .string(let id)? = record.fields["sourceId"] else { return nil }
                return (id, record)
            }
        ) { a, _ in a }
    }

    @Test func aFeedCutByDateKeepsTheMakeupsPlayedAfterItsLastDay() async throws {
        let cloud = try PublicationTests.bundleCloud()
        let full = try RecordedSeason.read(RecordedSeason.played)
        _ = try await Publication.run([full], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
        let before = try await Self.games(cloud)

        let (cut, dates) = try Self.played(through: Self.cut)
        let makeups = Self.makeupsPlayedAfter(Self.cut, in: dates)
        #expect(makeups.count >= 3, "the recorded season has makeups after \(Self.cut): \(makeups.sorted())")
        for pk in makeups {
            #expect(cut.games.first { $0.gameId == pk }?.status == .postponed, "the cut feed lists \(pk) as postponed")
            #expect(before[pk]?.fields["status"] == .string("final") && before[pk]?.fields["homeScore"] != nil)
        }
        let run = try await Publication.run([cut], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
        #expect(run.plan.deprecated == 0)
        let after = try await Self.games(cloud)
        for pk in makeups {
            #expect(after[pk]?.fields["status"] == .string("final"), "\(pk) stays played")
            #expect(after[pk]?.fields["homeScore"] == before[pk]?.fields["homeScore"], "\(pk) keeps its score")
            #expect(after[pk]?.fields["startTime"] == before[pk]?.fields["startTime"], "\(pk) keeps its makeup's start")
        }
    }

    @Test func anOlderSnapshotIsRefusedWithTheTwoDatesAndChangesNothing() async throws {
        let cloud = try PublicationTests.bundleCloud()
        let played = try RecordedSeason.read(RecordedSeason.played)
        _ = try await Publication.run([played], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
        let before = Set(try await cloud.records(ofType: "Game"))
        // The last day with a Final game, as the file's officialDate states it.
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: RecordedSeason.played)) as? [String: Any]
        let lastPlayed = ((document?["dates"] as? [[String: Any]]) ?? []).flatMap {
            ($0["games"] as? [[String: Any]]) ?? []
        }.filter { ($0["status"] as? [String: Any])?["abstractGameState"] as? String == "Final" }
            .compactMap { $0["officialDate"] as? String }.max()

        let published = try RecordedSeason.read(RecordedSeason.published)
        do {
            _ = try await Publication.run([published], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
            Issue.record("the schedule as published was applied over the season as played")
        } catch let error as PublishError {
            #expect(error.exitCode == 65)
            let text = error.description
            #expect(text.contains("older MLB 2025 snapshot") && text.contains("it holds no results"), "\(text)")
            #expect(text.contains("results to \(try #require(lastPlayed))"), "\(text)")
        }
        #expect(Set(try await cloud.records(ofType: "Game")) == before, "nothing written")

        // Half a season later than the cloud's results is older too: its latest result is named.
        let (early, _) = try Self.played(through: Self.cut)
        var stale = early
        // A stale copy of the days up to the cut, taken before their last week was played.
        for index in stale.games.indices where (stale.games[index].localDate?.description ?? "") > "2025-06-23" {
            if stale.games[index].status == .final {
                stale.games[index].status = .scheduled
                stale.games[index].score = nil
            }
        }
        do {
            _ = try await Publication.run([stale], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
            Issue.record("a stale copy was applied")
        } catch let error as PublishError {
            #expect(error.description.contains("its latest result is from 2025-06-23"), "\(error)")
        }

        let forced = try await Publication.run(
            [published], to: cloud, source: "mlb-statsapi", dryRun: false, force: true)
        #expect(forced.plan.updated > 2_000, "--force applies it")
    }

    /// A league correcting one result in an otherwise current feed is not a stale snapshot.
    @Test func aCurrentFeedThatUndoesOneResultIsApplied() async throws {
        let cloud = try PublicationTests.bundleCloud()
        var played = try RecordedSeason.read(RecordedSeason.played)
        _ = try await Publication.run([played], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
        let index = try #require(played.games.firstIndex { $0.status == .final })
        played.games[index].status = .scheduled
        played.games[index].score = nil
        let run = try await Publication.run([played], to: cloud, source: "mlb-statsapi", dryRun: false, force: false)
        #expect(run.plan.updated == 1)
    }

    /// A response dated (Last-Modified) before the one the cloud already published from the URL
    /// is refused; the loopback server answers 200 with the file's date, as the ETag the cloud
    /// remembers no longer matches (a stale edge with another copy).
    @Test func aResponseDatedBeforeThePublishedOneIsRefused() async throws {
        let feeds = try WatchedProcess(
            URL(fileURLWithPath: "/usr/bin/python3"), [FeedStateTests.feedServer.path, RecordedSeason.feeds.path],
            input: .open)
        defer { feeds.closeInput() }
        let port = try await feeds.nextLine("the feed server's port", within: .seconds(30)) { $0.hasPrefix("port ") }
        let url = try #require(URL(string: "http://127.0.0.1:\(port.dropFirst(5))/feeds/\(FeedStateTests.week)"))
        let published = "Fri, 01 Jan 2100 00:00:00 GMT"
        let state = Record(
            recordName: "feed_seeded", recordType: "PublisherFeedState",
            fields: [
                "url": .string(url.absoluteString), "etag": .string("\"another-copy\""),
                "lastModified": .string(published),
            ])
        let cloud = MemoryDatabase(try RecordedSeason.bundleRecords { !$0.contains("games-") } + [state])
        let request = FeedRequest(format: .nhlSchedule, source: .url(url))
        let policy = FeedFetchPolicy(timeout: 10, minimumInterval: 0)
        do {
            _ = try await FeedRun.run([request], to: cloud, policy: policy)
            Issue.record("a response older than the published one was applied")
        } catch let error as PublishError {
            #expect(error.exitCode == 65)
            #expect(error.description.contains("older than the \(published) one"), "\(error)")
        }
        #expect(try await cloud.records(ofType: "Game").isEmpty)
        let forced = try await FeedRun.run([request], to: cloud, policy: policy, force: true)
        #expect((forced.publication?.plan.created ?? 0) > 0)
    }
}
