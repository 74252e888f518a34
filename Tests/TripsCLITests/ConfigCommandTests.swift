import Foundation
import Testing

/// `trips config set KEY -`: a secret typed on the terminal is read without being shown.
@Suite struct ConfigCommandTests {
    struct Session: Decodable {
        var transcript: String
        var status: Int32
        var error: String?
    }

    /// Runs `trips ARGS` on a pseudo-terminal (Scripts/pty_drive.py), answering each prompt.
    func onTerminal(_ trips: TripsProcess, _ arguments: [String], steps: [[String]]) throws -> Session {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let script = TripsProcess.root.appendingPathComponent("Tests/TripsCLITests/Scripts/pty_drive.py").path
        let stepsJSON = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
        process.arguments =
            [script, stepsJSON, TripsProcess.binaries.appendingPathComponent("trips").path, "--store", trips.store]
            + arguments
        process.environment = trips.environment.merging(["NO_COLOR": "1", "TERM": "xterm"]) { _, new in new }
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(Session.self, from: data)
    }

    func storedSettings(_ trips: TripsProcess) throws -> [String: String] {
        let path = (trips.store as NSString).deletingLastPathComponent + "/config.json"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    }

    @Test func aTokenTypedOnATerminalIsNotEchoed() throws {
        let trips = TripsProcess()

        let session = try onTerminal(
            trips, ["config", "set", "cloud.apiToken", "-"], steps: [["cloud.apiToken: ", "typed-Secret-42"]])

        #expect(session.error == nil && session.status == 0, "\(session)")
        #expect(!session.transcript.contains("typed-Secret-42"))
        #expect(try storedSettings(trips)["cloud.apiToken"] == "typed-Secret-42")
    }

    @Test func aTokenIsReadFromAPipeAndNothingOnStdinIsAnError() throws {
        let trips = TripsProcess()

        let piped = try trips.run(["config", "set", "cloud.webAuthToken", "-"], input: "piped-Secret-7\n")
        let empty = try trips.run(["config", "set", "cloud.apiToken", "-"], input: "")

        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
        #expect(piped.stdout == "cloud.webAuthToken = ‹redacted›\n")
        #expect(try storedSettings(trips)["cloud.webAuthToken"] == "piped-Secret-7")
        #expect(empty.status == 2)
        #expect(empty.stderr == "trips: no value for cloud.apiToken on standard input\n")
    }
}
