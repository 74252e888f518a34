import CloudKitClient
import FeedFetch
import Foundation
import TestSupport
import Testing

/// The real fetch path — URLSession, sockets, HTTP validators — against a Python server on a
/// loopback port serving the recorded feeds.
@Suite struct LoopbackServerTests {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let feeds = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/feeds")

    /// Starts the server; it ends when `server` goes (its stdin, the lifeline, closes).
    static func start() async throws -> (server: WatchedProcess, base: String) {
        let server = try WatchedProcess(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [testsDirectory.appendingPathComponent("Scripts/feed_server.py").path, feeds.path], input: .open)
        let line = try await server.nextLine("the server's port", within: .seconds(30)) { $0.hasPrefix("port ") }
        return (server, "http://127.0.0.1:\(line.dropFirst(5))")
    }

    static let quick = FeedFetchPolicy(
        timeout: 5, retry: RetryPolicy(maxAttempts: 4, deadline: 90, baseDelay: 0.05, maxDelay: 0.2),
        minimumInterval: 0.01)

    @Test func aRecordedFeedIsFetchedThenUnchanged() async throws {
        let (server, base) = try await Self.start()
        defer { server.closeInput() }
        let fetcher = FeedFetcher.live(policy: Self.quick)
        let url = try #require(URL(string: "\(base)/feeds/nhl/schedule_2024-10-09_gameWeek.json"))
        let recorded = try Data(contentsOf: Self.feeds.appendingPathComponent("nhl/schedule_2024-10-09_gameWeek.json"))
        #expect(try await fetcher.fetch(.url(url)) == .fetched(recorded))
        let validators = try #require(await fetcher.validators[url])
        #expect(validators.etag?.hasPrefix("\"") == true && validators.lastModified != nil)
        #expect(try await fetcher.fetch(.url(url)) == .unchanged)
        // Remembered Last-Modified alone (a server without ETags) is also answered 304.
        let byDate = FeedFetcher.live(
            policy: Self.quick, validators: [url: FeedValidators(lastModified: validators.lastModified)])
        #expect(try await byDate.fetch(.url(url)) == .unchanged)
    }

    @Test func a503IsRetriedUntilTheFeedComes() async throws {
        let (server, base) = try await Self.start()
        defer { server.closeInput() }
        let url = try #require(URL(string: "\(base)/flaky/2/espn/ha-teamtracker_mls.json"))
        let result = try await FeedFetcher.live(policy: Self.quick).fetch(.url(url))
        let recorded = try Data(contentsOf: Self.feeds.appendingPathComponent("espn/ha-teamtracker_mls.json"))
        #expect(result == .fetched(recorded))
    }

    @Test func aMissingFileIsA404AndASlowAnswerTimesOut() async throws {
        let (server, base) = try await Self.start()
        defer { server.closeInput() }
        let missing = try #require(URL(string: "\(base)/feeds/nba/none.json"))
        await #expect(throws: FeedFetchError.httpStatus(url: missing.absoluteString, status: 404)) {
            try await FeedFetcher.live(policy: Self.quick).fetch(.url(missing))
        }
        let slow = try #require(URL(string: "\(base)/slow/3"))
        // The server answers after 3 s; a 0.5-s timeout gives up on the one attempt, with the
        // transport's timeout as the reason (not the answer, which would be a success).
        let impatient = FeedFetchPolicy(timeout: 0.5, retry: .never, minimumInterval: 0)
        let error = await #expect(throws: FeedFetchError.self) {
            try await FeedFetcher.live(policy: impatient).fetch(.url(slow))
        }
        guard case .gaveUp(_, let attempts, let problem) = error else {
            Issue.record("not a give-up: \(String(describing: error))")
            return
        }
        #expect(attempts == 1)
        // NSURLErrorTimedOut is -1001 (Foundation on Linux names it by number only).
        #expect(problem.contains("-1001") || problem.lowercased().contains("timed out"), "\(problem)")
    }
}
