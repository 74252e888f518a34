/// When and how long to wait before sending a failed request again (CLOUD-PROTOCOL "Errors").
///
/// Network errors, 5xx and unparseable bodies back off exponentially with full jitter;
/// `THROTTLED` / `TRY_AGAIN_LATER` wait the server's `retryAfter` (clamped). Everything is
/// bounded by `maxAttempts` and by `deadline` seconds from the first attempt, so a sync never
/// hangs on a sick server.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included (1 = never retry).
    public var maxAttempts: Int
    /// Seconds from the first attempt after which no new attempt starts.
    public var deadline: Double
    /// The first backoff ceiling; doubles with each attempt.
    public var baseDelay: Double
    /// The largest backoff ceiling.
    public var maxDelay: Double
    /// The longest `retryAfter` honoured in `delay`; longer values are clamped to it, or end the
    /// attempts when `stopsOnLongRetryAfter`.
    public var maxRetryAfter: Double
    /// A `retryAfter` above `maxRetryAfter` ends the attempts instead of being clamped: a caller
    /// that schedules its own next try (the sync watcher) waits the server's full time there
    /// rather than inside one request.
    public var stopsOnLongRetryAfter: Bool
    /// A `retryAfter` above this many "seconds" is taken to be milliseconds (Apple's unit is
    /// undocumented).
    public var millisecondsThreshold: Double

    public init(
        maxAttempts: Int = 6, deadline: Double = 120, baseDelay: Double = 0.5, maxDelay: Double = 30,
        maxRetryAfter: Double = 300, millisecondsThreshold: Double = 3600, stopsOnLongRetryAfter: Bool = false
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.deadline = deadline
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.millisecondsThreshold = millisecondsThreshold
        self.stopsOnLongRetryAfter = stopsOnLongRetryAfter
    }

    public static let standard = RetryPolicy()
    /// One attempt only.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// The backoff before attempt `attempt + 1` after `attempt` failures (1-based), given a
    /// random number in 0..<1: full jitter over `min(maxDelay, baseDelay · 2^(attempt-1))`.
    public func backoff(afterAttempt attempt: Int, random: Double) -> Double {
        let ceiling = min(maxDelay, baseDelay * Double(1 << min(max(attempt - 1, 0), 30)))
        return ceiling * min(max(random, 0), 1)
    }

    /// A server's `retryAfter` in seconds, unclamped: negative or non-finite → nil, huge → ms.
    public func retryAfterSeconds(_ value: Double) -> Double? {
        guard value.isFinite, value >= 0 else { return nil }
        return value > millisecondsThreshold ? value / 1000 : value
    }

    /// Seconds to wait before the next attempt after `error` on attempt `attempt` (1-based),
    /// or nil when the error is final or the attempts are used up.
    public func delay(after error: CloudError, attempt: Int, random: Double) -> Double? {
        guard error.isRetryable, attempt < maxAttempts else { return nil }
        if let code = error.serverErrorCode, code == .throttled || code == .tryAgainLater,
            let retryAfter = error.retryAfter.flatMap(retryAfterSeconds)
        {
            if retryAfter > maxRetryAfter && stopsOnLongRetryAfter { return nil }
            return min(retryAfter, maxRetryAfter)
        }
        return backoff(afterAttempt: attempt, random: random)
    }
}
