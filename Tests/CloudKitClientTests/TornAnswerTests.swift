import CloudKitClient
import CloudKitWeb
import Foundation
import Testing

/// A connection that broke off mid-answer reached the cloud: it is retried like any network
/// trouble, but the user hears that the answer was incomplete, not that the cloud is unreachable.
@Suite struct TornAnswerTests {
    @Test(arguments: [URLError.Code.networkConnectionLost, .badServerResponse])
    func aTornAnswerIsRetriedAndNamedAnIncompleteAnswer(code: URLError.Code) async throws {
        let clock = VirtualClock()
        let transport = FakeTransport([.failure(URLError(code))], fallback: .failure(URLError(code)))
        let policy = RetryPolicy(maxAttempts: 3, deadline: 10_000)
        do {
            _ = try await database(transport, policy: policy, clock: clock).query(gameQuery)
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("the cloud sent an incomplete answer"), "\(error)")
            #expect(error.isRetryable)
        }
        #expect(transport.requests.count == 3)
    }

    @Test func aRefusedConnectionStillSaysTheCloudIsUnreachable() async throws {
        let transport = FakeTransport([], fallback: .failure(URLError(.cannotConnectToHost)))
        do {
            _ = try await database(transport, policy: .never).query(gameQuery)
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("could not reach the cloud"), "\(error)")
        }
    }

}
