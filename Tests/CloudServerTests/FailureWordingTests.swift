import CloudKitClient
import CloudKitWeb
import Foundation
import Testing

/// What a user reads when an exchange fails half-way, against a real server's faults: a body
/// cut short is an incomplete answer (the cloud is there); a connection dropped before any
/// answer is the cloud out of reach.
@Suite struct FailureWordingTests {
    @Test(arguments: [
        ("--truncate-rate", "the cloud sent an incomplete answer"), ("--drop-rate", "could not reach the cloud"),
    ])
    func aFailedExchangeIsNamedForWhatHappened(fault: String, wording: String) async throws {
        let server = try await TestServer.start(games: 1, arguments: [fault, "1"])
        defer { server.close() }
        await #expect {
            _ = try await server.database().query(allGames)
        } throws: { error in
            "\(error)".hasPrefix(wording)
        }
    }
}
