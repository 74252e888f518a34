import CloudKitClient

/// How politely and how persistently a feed is fetched.
public struct FeedFetchPolicy: Sendable, Hashable {
    /// Seconds without progress before one request fails (a network error, so it is retried).
    public var timeout: Double
    /// Attempts, deadline and exponential backoff with full jitter, as the cloud client's.
    public var retry: RetryPolicy
    /// The least time between two requests to one host, for leagues' rate limits (none for a
    /// loopback origin: a local server of recorded responses has none to respect).
    public var minimumInterval: Double
    /// Seconds one whole fetch (every attempt, every byte) may take: `timeout` is per read, so a
    /// server dripping a byte at a time would otherwise never end.
    public var deadline: Double
    /// Sent with every request, so a league's operator can tell who is asking.
    public var userAgent: String

    public init(
        timeout: Double = 30,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 5, deadline: 300, baseDelay: 1, maxDelay: 60),
        minimumInterval: Double = 1, deadline: Double = 60, userAgent: String = "trips"
    ) {
        self.timeout = timeout
        self.retry = retry
        self.minimumInterval = minimumInterval
        self.deadline = deadline
        self.userAgent = userAgent
    }

    public static let standard = FeedFetchPolicy()

    /// The minimum interval for `host`: none for loopback.
    func minimumInterval(forHost host: String) -> Double {
        ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) ? 0 : minimumInterval
    }
}
