import Foundation
import Testing

/// `trips config set KEY -`: a secret typed on the terminal is read without being shown.
@Suite struct ConfigCommandTests {
    func storedSettings(_ trips: TripsProcess) throws -> [String: String] {
        let path = (trips.store as NSString).deletingLastPathComponent + "/config.json"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    }

    @Test func aTokenTypedOnATerminalIsNotEchoed() async throws {
        let trips = TripsProcess()

        let session = try await trips.runOnTerminal(
            ["config", "set", "cloud.apiToken", "-"], steps: [["cloud.apiToken: ", "typed-Secret-42"]])

        #expect(session.error == nil && session.status == 0, "\(session)")
        #expect(!session.transcript.contains("typed-Secret-42"))
        #expect(try storedSettings(trips)["cloud.apiToken"] == "typed-Secret-42")
    }

    @Test func aTokenIsReadFromAPipeAndNothingOnStdinIsAnError() async throws {
        let trips = TripsProcess()

        let piped = try await trips.run(["config", "set", "cloud.webAuthToken", "-"], input: "piped-Secret-7\n")
        let empty = try await trips.run(["config", "set", "cloud.apiToken", "-"], input: "")

        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
        #expect(piped.stdout == "cloud.webAuthToken = ‹redacted›\n")
        #expect(try storedSettings(trips)["cloud.webAuthToken"] == "piped-Secret-7")
        #expect(empty.status == 2)
        #expect(empty.stderr == "trips: no value for cloud.apiToken on standard input\n")
    }
}
