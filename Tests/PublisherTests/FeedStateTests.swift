import CloudServerProcess
import Foundation
import LeagueFeeds
import TestSupport
import Testing

/// `trips-cloud publish` keeps each feed URL's validators in the cloud: a second run against an
/// unchanged URL sends them (`If-None-Match`), gets 304 and publishes nothing. The feed comes
/// from FeedFetchTests' loopback server (`feed_server.py --log`, one line per request).
@Suite(.serialized) struct FeedStateTests {
    static let feedServer = RecordedSeason.repositoryRoot.appendingPathComponent(
        "Tests/FeedFetchTests/Scripts/feed_server.py")
    static let week = "nhl/schedule_week_2026-10-01_20262027_TRANSCRIBED.json"

    @Test func aSecondPublishOfAnUnchangedURLSendsItsETagGets304AndWritesNothing() async throws {
        let server = try await CloudServerProcess.start(data: RecordedSeason.referenceBundle)
        defer { server.stop() }
        let feeds = try WatchedProcess(
            URL(fileURLWithPath: "/usr/bin/python3"), [Self.feedServer.path, RecordedSeason.feeds.path, "--log"],
            input: .open)
        defer { feeds.closeInput() }
        let port = try await feeds.nextLine("the feed server's port", within: .seconds(30)) { $0.hasPrefix("port ") }
        let url = "http://127.0.0.1:\(port.dropFirst(5))/feeds/\(Self.week)"
        let publish = { (extra: [String]) async throws -> [String: Any] in
            let exit = try await WatchedProcess(
                server.executable,
                [
                    "publish", "--feed", "nhl-api-web=\(url)", "--url", server.url.absoluteString, "--key-id",
                    server.serverKeyID, "--key", server.serverPrivateKey.path, "--container", server.container,
                    "--format", "json",
                ] + extra
            ).exit(within: .seconds(120))
            #expect(exit.status == 0, "\(exit.stderr)")
            return try LivePublishTests.counts(exit)
        }
        let request = { (what: String) async throws -> (ifNoneMatch: String, status: String) in
            let line = try await feeds.nextLine(what, within: .seconds(30)) { $0.hasPrefix("request ") }
            let words = line.split(separator: " ")
            return (String(words[2].dropFirst("if-none-match=".count)), String(words[3].dropFirst("status=".count)))
        }
        let games = try NHLSchedule.read(
            Data(contentsOf: RecordedSeason.feeds.appendingPathComponent(Self.week)), source: Self.week
        ).games.count

        // A dry run writes nothing, its validators included: the next run fetches in full.
        let dry = try await publish(["--dry-run"])
        #expect(dry["created"] as? Int == games)
        let dryRequest = try await request("the dry run's request")
        #expect(dryRequest == ("-", "200"))

        let first = try await publish([])
        #expect(first["created"] as? Int == games && first["deprecated"] as? Int == 0)
        let firstRequest = try await request("the first publish's request")
        #expect(firstRequest == ("-", "200"))

        let second = try await publish([])
        let secondRequest = try await request("the second publish's request")
        #expect(secondRequest.ifNoneMatch.hasPrefix("\"") && secondRequest.status == "304")
        #expect(second["created"] as? Int == 0 && second["updated"] as? Int == 0 && second["deprecated"] as? Int == 0)
        #expect(second["unchangedFeeds"] as? [String] == [url])

        // --refetch: in full, without validators; the cloud already holds it all.
        let refetched = try await publish(["--refetch"])
        let refetchRequest = try await request("the refetch's request")
        #expect(refetchRequest == ("-", "200"))
        #expect(refetched["created"] as? Int == 0 && refetched["updated"] as? Int == 0)
        #expect((refetched["seasons"] as? [[String: Any]])?.first?["unchanged"] as? Int == games)
    }
}
