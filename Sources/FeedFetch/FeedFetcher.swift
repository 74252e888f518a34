import CloudKitClient
import Foundation

/// Fetches feeds: reads files, and GETs URLs conditionally (the ETag / Last-Modified it was given
/// last time, per URL: a 304 is `unchanged`), retrying 5xx, 429 and network failures with
/// exponential backoff (or the server's `Retry-After`), and never sending two requests to one host
/// closer than `policy.minimumInterval`. Transport and clock are injected, so the rules are tested
/// on a virtual clock; `live` wires URLSession and the system clock.
public actor FeedFetcher {
    private let transport: any HTTPTransport
    private let clock: any RetryClock
    private let policy: FeedFetchPolicy
    private let random: @Sendable () -> Double
    /// The validators each URL last answered with; the publisher may save and restore them.
    public private(set) var validators: [URL: FeedValidators]
    /// When the last request to each host started, on `clock`.
    private var lastRequest: [String: Double] = [:]

    public init(
        transport: any HTTPTransport, clock: any RetryClock, policy: FeedFetchPolicy = .standard,
        validators: [URL: FeedValidators] = [:], random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.transport = transport
        self.clock = clock
        self.policy = policy
        self.validators = validators
        self.random = random
    }

    /// URLSession with the policy's timeout, and the system clock.
    public static func live(policy: FeedFetchPolicy = .standard, validators: [URL: FeedValidators] = [:]) -> FeedFetcher
    {
        FeedFetcher(
            transport: URLSessionTransport(timeout: policy.timeout), clock: SystemRetryClock(), policy: policy,
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
        while true {
            try await waitForTurn(host: url.host ?? "")
            let problem: String
            var retryAfter: Double?
            do {
                let response = try await transport.send(request(for: url))
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
                problem = "a network error (\(error.localizedDescription))"
            }
            let delay =
                retryAfter.map { min($0, policy.retry.maxRetryAfter) }
                ?? policy.retry.backoff(afterAttempt: attempt, random: random())
            guard attempt < policy.retry.maxAttempts, clock.now() - started + delay <= policy.retry.deadline else {
                throw FeedFetchError.gaveUp(url: url.absoluteString, attempts: attempt, lastProblem: problem)
            }
            try await clock.sleep(seconds: delay)
            attempt += 1
        }
    }

    private func request(for url: URL) -> HTTPRequest {
        var headers = ["Accept": "application/json", "User-Agent": "trips-feeds/1"]
        if let etag = validators[url]?.etag { headers["If-None-Match"] = etag }
        if let lastModified = validators[url]?.lastModified { headers["If-Modified-Since"] = lastModified }
        return HTTPRequest(method: "GET", url: url, headers: headers)
    }

    /// Sleeps until `minimumInterval` has passed since the last request to `host`, then claims the turn.
    private func waitForTurn(host: String) async throws {
        if let last = lastRequest[host] {
            let wait = last + policy.minimumInterval - clock.now()
            // Claimed before sleeping, so a concurrent fetch to the same host queues behind this one.
            lastRequest[host] = max(clock.now(), last + policy.minimumInterval)
            if wait > 0 { try await clock.sleep(seconds: wait) }
        } else {
            lastRequest[host] = clock.now()
        }
    }
}
