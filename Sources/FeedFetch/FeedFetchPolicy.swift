import CloudKitClient

/// How politely and how persistently a feed is fetched.
public struct FeedFetchPolicy: Sendable, Hashable {
    /// Seconds without progress before one request fails (a network error, so it is retried).
    public var timeout: Double
    /// Attempts, deadline and exponential backoff with full jitter, as the cloud client's.
    public var retry: RetryPolicy
    /// The least time between two requests to one host, for leagues' rate limits.
    public var minimumInterval: Double

    public init(
        timeout: Double = 30,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 5, deadline: 300, baseDelay: 1, maxDelay: 60),
        minimumInterval: Double = 1
    ) {
        self.timeout = timeout
        self.retry = retry
        self.minimumInterval = minimumInterval
    }

    public static let standard = FeedFetchPolicy()
}
