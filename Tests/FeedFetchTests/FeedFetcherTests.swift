import CloudKitClient
import FeedFetch
import Foundation
import Testing

/// The fetch rules on a virtual clock and a scripted transport: no sleeps, no network.
@Suite struct FeedFetcherTests {
    static let url = URL(string: "https://statsapi.mlb.com/api/v1/schedule?sportId=1&season=2025")!
    static let policy = FeedFetchPolicy(
        timeout: 5, retry: RetryPolicy(maxAttempts: 4, deadline: 100, baseDelay: 2, maxDelay: 60), minimumInterval: 1.5)

    /// The deadline's alarm stays silent unless `ringing`: on the virtual clock it would ring at
    /// once, racing every scripted answer.
    static func fetcher(
        _ steps: [ScriptedTransport.Step], policy: FeedFetchPolicy = policy, ringing: Bool = false
    ) -> (FeedFetcher, ScriptedTransport, VirtualClock) {
        let clock = VirtualClock()
        let transport = ScriptedTransport(steps, clock: clock)
        let fetcher = FeedFetcher(
            transport: transport, clock: clock, policy: policy, random: { 0.5 },
            alarm: ringing ? clock : SilentAlarm())
        return (fetcher, transport, clock)
    }

    @Test func aSecondFetchIsConditionalAndA304IsUnchanged() async throws {
        let validators = ["etag": "\"v1\"", "last-modified": "Wed, 26 Nov 2025 10:00:00 GMT"]
        let (fetcher, transport, _) = Self.fetcher([
            ScriptedTransport.ok("{}", headers: validators), ScriptedTransport.status(304),
        ])
        #expect(try await fetcher.fetch(.url(Self.url)) == .fetched(Data("{}".utf8)))
        #expect(
            await fetcher.validators[Self.url]
                == FeedValidators(etag: "\"v1\"", lastModified: "Wed, 26 Nov 2025 10:00:00 GMT"))
        #expect(try await fetcher.fetch(.url(Self.url)) == .unchanged)
        let sent = transport.sent.map(\.request)
        #expect(sent.count == 2)
        #expect(sent[0].headers["If-None-Match"] == nil)
        #expect(sent[1].headers["If-None-Match"] == "\"v1\"")
        #expect(sent[1].headers["If-Modified-Since"] == "Wed, 26 Nov 2025 10:00:00 GMT")
    }

    @Test func serverErrorsAndThrottlingAreRetriedWithBackoffAndRetryAfter() async throws {
        let (fetcher, transport, clock) = Self.fetcher([
            ScriptedTransport.status(503), .fail, ScriptedTransport.status(429, headers: ["retry-after": "7"]),
            ScriptedTransport.ok("[]"),
        ])
        #expect(try await fetcher.fetch(.url(Self.url)) == .fetched(Data("[]".utf8)))
        // Full jitter at 0.5 of 2 s (and 0.5 s more to keep 1.5 s from the first request), then
        // of 4 s; then the server's 7 s.
        #expect(clock.sleeps == [1, 0.5, 2, 7])
        #expect(transport.sent.map(\.at) == [0, 1.5, 3.5, 10.5])
    }

    /// The second case crosses a month's end (and a leap-less February), so a wrong day count
    /// cannot cancel out.
    @Test(arguments: [
        (503, "Wed, 26 Nov 2025 10:00:30 GMT", "Wed, 26 Nov 2025 10:00:00 GMT", 30.0),
        (429, "Sat, 01 Mar 2025 00:00:10 GMT", "Fri, 28 Feb 2025 23:59:50 GMT", 20),
    ])
    func retryAfterAsAnHTTPDateIsMeasuredAgainstTheResponseDate(
        status: Int, retryAfter: String, date: String, seconds: Double
    ) async throws {
        let headers = ["retry-after": retryAfter, "date": date]
        let (fetcher, _, clock) = Self.fetcher([
            ScriptedTransport.status(status, headers: headers), ScriptedTransport.ok("{}"),
        ])
        _ = try await fetcher.fetch(.url(Self.url))
        #expect(clock.sleeps == [seconds])
    }

    @Test func itGivesUpAfterItsAttempts() async throws {
        let (fetcher, transport, _) = Self.fetcher(Array(repeating: ScriptedTransport.status(500), count: 10))
        await #expect(throws: FeedFetchError.gaveUp(url: Self.url.absoluteString, attempts: 4, lastProblem: "HTTP 500"))
        {
            try await fetcher.fetch(.url(Self.url))
        }
        #expect(transport.sent.count == 4)
    }

    @Test func aClientErrorIsNotRetried() async throws {
        let (fetcher, transport, _) = Self.fetcher([ScriptedTransport.status(404), ScriptedTransport.ok("{}")])
        await #expect(throws: FeedFetchError.httpStatus(url: Self.url.absoluteString, status: 404)) {
            try await fetcher.fetch(.url(Self.url))
        }
        #expect(transport.sent.count == 1)
    }

    @Test func requestsToOneHostKeepTheirDistance() async throws {
        let other = URL(string: "https://api-web.nhle.com/v1/schedule/2024-10-09")!
        let (fetcher, transport, clock) = Self.fetcher(Array(repeating: ScriptedTransport.ok("{}"), count: 3))
        _ = try await fetcher.fetch(.url(Self.url))
        _ = try await fetcher.fetch(.url(other))
        _ = try await fetcher.fetch(.url(Self.url))
        #expect(clock.sleeps == [1.5])
        #expect(transport.sent.map(\.request.url.host) == ["statsapi.mlb.com", "api-web.nhle.com", "statsapi.mlb.com"])
        #expect(transport.sent.map(\.at) == [0, 0, 1.5])
    }

    @Test func sourcesAreFilesOrHTTPURLs() throws {
        #expect(try FeedSource("https://cdn.nba.com/x.json") == .url(URL(string: "https://cdn.nba.com/x.json")!))
        #expect(try FeedSource("../shared/data/feeds/nba/x.json") == .file("../shared/data/feeds/nba/x.json"))
        #expect(throws: FeedFetchError.unsupportedSource("ftp://example.com/x")) {
            try FeedSource("ftp://example.com/x")
        }
        #expect(throws: FeedFetchError.self) { try FeedSource("") }
    }

    @Test func anUnreadableFileIsATypedError() async throws {
        let (fetcher, _, _) = Self.fetcher([])
        await #expect(throws: FeedFetchError.self) { try await fetcher.fetch(.file("/nonexistent/feed.json")) }
    }
}
