import CloudKitClient
import CloudKitWeb
import Foundation
import Testing

/// Retry and backoff on a virtual clock (CLOUD-PROTOCOL "Errors"); no test really waits.
@Suite struct RetryTests {
    @Test func tryAgainLaterWaitsRetryAfterThenSucceeds() async throws {
        let clock = VirtualClock()
        let transport = FakeTransport([.error("TRY_AGAIN_LATER", status: 503, retryAfter: 2), page(["a"], marker: nil)])
        let answer = try await database(transport, clock: clock).query(gameQuery)
        #expect(answer.records.map(\.recordName) == ["a"])
        #expect(clock.sleeps == [2])
        #expect(transport.requests.count == 2)
    }

    @Test func throttledWithoutRetryAfterBacksOff() async throws {
        let clock = VirtualClock()
        let transport = FakeTransport([.error("THROTTLED", status: 429), .emptyPage])
        _ = try await database(transport, clock: clock, random: 0.5).query(gameQuery)
        #expect(clock.sleeps == [0.5])  // full jitter: 0.5 × baseDelay 1
    }

    @Test(arguments: [(100_000.0, 100.0), (1_000.0, 300.0), (0.25, 0.25)])
    func retryAfterIsClampedAndHugeValuesAreMilliseconds(sent: Double, waited: Double) async throws {
        let clock = VirtualClock()
        let transport = FakeTransport([.error("THROTTLED", status: 429, retryAfter: sent), .emptyPage])
        let policy = RetryPolicy(maxAttempts: 3, deadline: 10_000, maxRetryAfter: 300)
        _ = try await database(transport, policy: policy, clock: clock).query(gameQuery)
        #expect(clock.sleeps == [waited])
    }

    @Test func networkErrorsBackOffExponentiallyWithJitter() async throws {
        let clock = VirtualClock()
        let transport = FakeTransport([
            .failure(URLError(.networkConnectionLost)), .failure(URLError(.timedOut)),
            .failure(URLError(.cannotConnectToHost)), .failure(URLError(.networkConnectionLost)), .emptyPage,
        ])
        _ = try await database(transport, clock: clock, random: 0.5).query(gameQuery)
        // Ceilings 1, 2, 4, 8 (capped at maxDelay 8), each × the random 0.5.
        #expect(clock.sleeps == [0.5, 1, 2, 4])
    }

    /// A cloud that refuses the connection twice running is down: the error comes after one
    /// retry, not after the whole backoff (19.7 s before).
    @Test func aConnectionRefusedTwiceEndsAtOnce() async throws {
        let clock = VirtualClock()
        let transport = FakeTransport([
            .failure(URLError(.cannotConnectToHost)), .failure(URLError(.cannotConnectToHost)), .emptyPage,
        ])
        await #expect(throws: CloudError.self) {
            _ = try await database(transport, clock: clock, random: 0.5).query(gameQuery)
        }
        #expect(clock.sleeps == [0.5])
    }

    @Test func backoffNeverExceedsMaxDelay() {
        let policy = RetryPolicy(baseDelay: 1, maxDelay: 8)
        #expect(policy.backoff(afterAttempt: 30, random: 0.999) <= 8)
        #expect(policy.backoff(afterAttempt: 4, random: 1) == 8)
        #expect(policy.backoff(afterAttempt: 1, random: 0) == 0)
    }

    @Test func serverErrorsWithoutACloudKitBodyAreRetried() async throws {
        let clock = VirtualClock()
        let transport = FakeTransport([
            .response(HTTPResponse(status: 502, body: Data("<html>Bad Gateway</html>".utf8))), .emptyPage,
        ])
        _ = try await database(transport, clock: clock).query(gameQuery)
        #expect(transport.requests.count == 2)
    }

    @Test func anUnparseableSuccessBodyIsRetried() async throws {
        let clock = VirtualClock()
        let transport = FakeTransport([.json(200, #"{"records": [{"recordNa"#), page(["a"], marker: nil)])
        let answer = try await database(transport, clock: clock).query(gameQuery)
        #expect(answer.records.count == 1)
        #expect(clock.sleeps.count == 1)
    }

    @Test(arguments: [
        ("BAD_REQUEST", 400), ("AUTHENTICATION_FAILED", 401), ("ACCESS_DENIED", 403), ("CONFLICT", 409),
        ("AUTHENTICATION_REQUIRED", 421), ("ZONE_NOT_FOUND", 404),
    ])
    func finalErrorsAreNotRetried(code: String, status: Int) async throws {
        let clock = VirtualClock()
        let transport = FakeTransport([.error(code, status: status)], fallback: .emptyPage)
        await #expect {
            _ = try await database(transport, clock: clock).query(gameQuery)
        } throws: { error in
            (error as? CloudError)?.serverErrorCode == ServerErrorCode(rawValue: code)
                && !(error as! CloudError).isRetryable
        }
        #expect(transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func attemptsAreBounded() async throws {
        let clock = VirtualClock()
        let transport = FakeTransport([], fallback: .error("INTERNAL_ERROR", status: 500))
        let policy = RetryPolicy(maxAttempts: 4, deadline: 10_000, baseDelay: 1, maxDelay: 8)
        await #expect {
            _ = try await database(transport, policy: policy, clock: clock).query(gameQuery)
        } throws: { error in
            (error as? CloudError)?.serverErrorCode == .internalError
        }
        #expect(transport.requests.count == 4)
        #expect(clock.sleeps.count == 3)
    }

    @Test func noRetryStartsPastTheDeadline() async throws {
        let clock = VirtualClock()
        let transport = FakeTransport([], fallback: .error("TRY_AGAIN_LATER", status: 503, retryAfter: 40))
        let policy = RetryPolicy(maxAttempts: 10, deadline: 100)
        await #expect(throws: CloudError.self) {
            _ = try await database(transport, policy: policy, clock: clock).query(gameQuery)
        }
        // 40 + 40 fit in 100 s; a third wait would end at 120.
        #expect(clock.sleeps == [40, 40])
        #expect(transport.requests.count == 3)
    }

    @Test func cancellationWhileWaitingStopsAtOnce() async throws {
        let clock = CancellableClock()
        let transport = FakeTransport([], fallback: .error("TRY_AGAIN_LATER", status: 503, retryAfter: 30))
        let db = database(transport, clock: clock)
        let task = Task { try await db.query(gameQuery) }
        var waits = clock.sleeping.makeAsyncIterator()
        #expect(await waits.next() == 30)  // the client is now waiting to retry
        task.cancel()
        await #expect(throws: CloudError.cancelled) { _ = try await task.value }
        #expect(transport.requests.count == 1)
    }

    @Test func aCancelledTaskSendsNothing() async throws {
        let transport = FakeTransport([.emptyPage])
        let db = database(transport)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await db.query(gameQuery)
        }
        await #expect(throws: CloudError.cancelled) { _ = try await task.value }
        #expect(transport.requests.isEmpty)
    }

    @Test func retryabilityFollowsTheProtocolTable() {
        func server(_ code: ServerErrorCode) -> CloudError {
            .server(ErrorResponse(serverErrorCode: code, reason: nil), httpStatus: code.httpStatus)
        }
        #expect(server(.throttled).isRetryable)
        #expect(server(.tryAgainLater).isRetryable)
        #expect(server(.internalError).isRetryable)
        #expect(!server(.conflict).isRetryable)
        #expect(!server(.quotaExceeded).isRetryable)
        #expect(CloudError.network("reset").isRetryable)
        #expect(CloudError.httpStatus(502).isRetryable)
        #expect(!CloudError.httpStatus(404).isRetryable)
        #expect(CloudError.unparseableResponse(status: 200, detail: "x").isRetryable)
        #expect(!CloudError.cancelled.isRetryable)
    }
}
