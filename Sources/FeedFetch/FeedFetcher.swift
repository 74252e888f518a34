import CloudKitClient
import Foundation

/// Fetches feeds: reads files, and GETs URLs conditionally (the ETag / Last-Modified it was given
/// last time, per URL: a 304 is `unchanged`), retrying 5xx, 429 and network failures with
/// exponential backoff (or the server's `Retry-After`), and never sending two requests to one host
/// closer than `policy.minimumInterval`. A whole fetch ends by `policy.deadline` (each request
/// raced against an alarm on the clock), and a host that refuses twice is `unreachable` at once.
/// Transport and clocks are injected, so the rules are tested on a virtual clock; `live` wires
/// URLSession (one connection per host) and the system clock.
public actor FeedFetcher {
    private let transport: any HTTPTransport
    private let clock: any RetryClock
    /// What the deadline sleeps on: `clock` unless a test keeps it from ringing.
    private let alarm: any RetryClock
    private let policy: FeedFetchPolicy
    private let random: @Sendable () -> Double
    /// The validators each URL last answered with; the publisher may save and restore them.
    public private(set) var validators: [URL: FeedValidators]
    /// When the last request to each host started, on `clock`.
    private var lastRequest: [String: Double] = [:]

    public init(
        transport: any HTTPTransport, clock: any RetryClock, policy: FeedFetchPolicy = .standard,
        validators: [URL: FeedValidators] = [:],
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        alarm: (any RetryClock)? = nil
    ) {
        self.transport = transport
        self.clock = clock
        self.alarm = alarm ?? clock
        self.policy = policy
        self.validators = validators
        self.random = random
    }

    /// URLSession with the policy's timeout, and the system clock.
    public static func live(policy: FeedFetchPolicy = .standard, validators: [URL: FeedValidators] = [:]) -> FeedFetcher
    {
        FeedFetcher(
            transport: URLSessionTransport(
                timeout: policy.timeout, reuseConnections: URLSessionTransport.reusesConnectionsSafely,
                maximumConnectionsPerHost: 1),
            clock: SystemRetryClock(), policy: policy,
            validators: validators)
    }

    public func fetch(_ source: FeedSource) async throws -> FeedFetchResult {
        switch source {
        case .file(let path):
            do {
                return .fetched(try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw FeedFetchError.unreadableFile(path: path, reason: (error as NSError).localizedDescription)
            }
        case .url(let url):
            return try await fetch(url)
        }
    }

    private func fetch(_ url: URL) async throws -> FeedFetchResult {
        let started = clock.now()
        var attempt = 1
        var refused = false
        while true {
            try await waitForTurn(host: url.host ?? "")
            let problem: String
            var retryAfter: Double?
            do {
                let response = try await send(request(for: url), by: started + policy.deadline)
                switch response.status {
                case 200..<300:
                    let remembered = FeedValidators(
                        etag: response.headers["etag"], lastModified: response.headers["last-modified"])
                    validators[url] = remembered.etag == nil && remembered.lastModified == nil ? nil : remembered
                    return .fetched(response.body)
                case 304:
                    return .unchanged
                case 429, 500..<600:
                    problem = "HTTP \(response.status)"
                    retryAfter = response.headers["retry-after"].flatMap {
                        RetryAfter.seconds($0, responseDate: response.headers["date"])
                    }
                default:
                    throw FeedFetchError.httpStatus(url: url.absoluteString, status: response.status)
                }
            } catch let error as FeedFetchError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                // A refused connection or an unknown host is a host down: one quick retry, not five.
                if let reason = Self.unreachable(error) {
                    if refused || attempt >= policy.retry.maxAttempts {
                        throw FeedFetchError.unreachable(url: url.absoluteString, reason: reason)
                    }
                    refused = true
                    try await clock.sleep(seconds: min(0.5, policy.retry.backoff(afterAttempt: 1, random: random())))
                    attempt += 1
                    continue
                }
                refused = false
                problem = "a network error (\(CloudDatabase.networkMessage(error)))"
            }
            let delay =
                retryAfter.map { min($0, policy.retry.maxRetryAfter) }
                ?? policy.retry.backoff(afterAttempt: attempt, random: random())
            let budget = min(policy.retry.deadline, policy.deadline)
            guard attempt < policy.retry.maxAttempts, clock.now() - started + delay <= budget else {
                throw FeedFetchError.gaveUp(url: url.absoluteString, attempts: attempt, lastProblem: problem)
            }
            try await clock.sleep(seconds: delay)
            attempt += 1
        }
    }

    /// The request raced against the alarm set for `deadline` (on `clock`): whichever ends first
    /// cancels the other.
    private func send(_ request: HTTPRequest, by deadline: Double) async throws -> HTTPResponse {
        let (transport, alarm) = (self.transport, self.alarm)
        let remaining = deadline - clock.now()
        let timedOut = FeedFetchError.deadline(url: request.url.absoluteString, seconds: policy.deadline)
        guard remaining > 0 else { throw timedOut }
        return try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
            group.addTask { try await transport.send(request) }
            group.addTask {
                try await alarm.sleep(seconds: remaining)
                return nil
            }
            defer { group.cancelAll() }
            guard let response = try await group.next() ?? nil else { throw timedOut }
            return response
        }
    }

    /// "connection refused" or "unknown host": nobody there to answer; nil for other trouble.
    private static func unreachable(_ error: any Error) -> String? {
        switch (error as? URLError)?.code {
        case .cannotConnectToHost?: return "connection refused"
        case .cannotFindHost?, .dnsLookupFailed?: return "unknown host"
        default: return nil
        }
    }

    private func request(for url: URL) -> HTTPRequest {
        var headers = ["Accept": "application/json", "User-Agent": policy.userAgent]
        if let etag = validators[url]?.etag { headers["If-None-Match"] = etag }
        if let lastModified = validators[url]?.lastModified { headers["If-Modified-Since"] = lastModified }
        return HTTPRequest(method: "GET", url: url, headers: headers)
    }

    /// Sleeps until `minimumInterval` has passed since the last request to `host`, then claims the turn.
    private func waitForTurn(host: String) async throws {
        let interval = policy.minimumInterval(forHost: host)
        if let last = lastRequest[host] {
            let wait = last + interval - clock.now()
            // Claimed before sleeping, so a concurrent fetch to the same host queues behind this one.
            lastRequest[host] = max(clock.now(), last + interval)
            if wait > 0 { try await clock.sleep(seconds: wait) }
        } else {
            lastRequest[host] = clock.now()
        }
    }
}
