import CloudKitClient
import FeedFetch
import Foundation
import Testing

/// The whole-fetch deadline, a host that is down, and the manners a league's host sees — on the
/// virtual clock and a scripted transport.
@Suite struct FeedFetchDeadlineTests {
    static let url = FeedFetcherTests.url
    static let policy = FeedFetchPolicy(
        timeout: 5, retry: RetryPolicy(maxAttempts: 4, deadline: 100, baseDelay: 2, maxDelay: 60),
        minimumInterval: 1.5, deadline: 60, userAgent: "trips/9.9.9")

    @Test func aFetchThatNeverEndsStopsAtItsDeadlineNamingTheURL() async throws {
        let (fetcher, transport, clock) = FeedFetcherTests.fetcher(
            [.hang, ScriptedTransport.ok("{}")], policy: Self.policy, ringing: true)
        let error = await #expect(throws: FeedFetchError.self) { try await fetcher.fetch(.url(Self.url)) }
        #expect(error == .deadline(url: Self.url.absoluteString, seconds: 60))
        #expect(error?.description == "\(Self.url.absoluteString) did not finish within 60 s")
        #expect(error?.isTemporary == true)
        // The alarm slept the whole deadline on the clock, and no second request was sent.
        #expect(clock.sleeps == [60])
        #expect(transport.sent.count == 1)
    }

    @Test func retriesEndWhenTheNextWaitWouldPassTheDeadline() async throws {
        let busy = ScriptedTransport.status(503, headers: ["retry-after": "40"])
        let (fetcher, transport, clock) = FeedFetcherTests.fetcher(
            [busy, busy, ScriptedTransport.ok("{}")], policy: Self.policy)
        await #expect(throws: FeedFetchError.gaveUp(url: Self.url.absoluteString, attempts: 2, lastProblem: "HTTP 503"))
        {
            try await fetcher.fetch(.url(Self.url))
        }
        #expect(clock.sleeps == [40])
        #expect(transport.sent.count == 2)
    }

    @Test func aRefusedConnectionIsRetriedOnceQuicklyThenUnreachable() async throws {
        let (fetcher, transport, clock) = FeedFetcherTests.fetcher(
            [.refuse, .refuse, ScriptedTransport.ok("{}")], policy: Self.policy)
        let error = await #expect(throws: FeedFetchError.self) { try await fetcher.fetch(.url(Self.url)) }
        #expect(error == .unreachable(url: Self.url.absoluteString, reason: "connection refused"))
        #expect(error?.description == "statsapi.mlb.com: host unreachable (connection refused)")
        #expect(error?.isTemporary == true)
        #expect(transport.sent.count == 2)
        // Half a second (the first backoff, at most 0.5 s), and the host's 1.5 s spacing.
        #expect(clock.sleeps == [0.5, 1])
    }

    @Test func aHostRefusingOnceAndThenAnsweringIsRead() async throws {
        let (fetcher, _, _) = FeedFetcherTests.fetcher([.refuse, ScriptedTransport.ok("[]")], policy: Self.policy)
        #expect(try await fetcher.fetch(.url(Self.url)) == .fetched(Data("[]".utf8)))
    }

    @Test func requestsSayWhoAsksAndALoopbackOriginIsNotSpacedOut() async throws {
        let local = URL(string: "http://127.0.0.1:8080/api/v1/schedule?sportId=1&season=2025")!
        let (fetcher, transport, clock) = FeedFetcherTests.fetcher(
            Array(repeating: ScriptedTransport.ok("{}"), count: 4), policy: Self.policy)
        for url in [local, local, Self.url, Self.url] { _ = try await fetcher.fetch(.url(url)) }
        #expect(transport.sent.allSatisfy { $0.request.headers["User-Agent"] == "trips/9.9.9" })
        #expect(transport.sent.map(\.at) == [0, 0, 0, 1.5])
        #expect(clock.sleeps == [1.5])
    }
}
