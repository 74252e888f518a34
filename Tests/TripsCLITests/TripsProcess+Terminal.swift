import Foundation

extension TripsProcess {
    /// What a pseudo-terminal showed, and how the run ended (`error` when a prompt never came).
    struct TerminalSession: Decodable {
        var transcript: String
        var status: Int32
        var error: String?
    }

    /// Runs `trips` (after `--store`) on a pseudo-terminal, answering each prompt when it
    /// appears: `steps` are [text to wait for, answer] (see Scripts/pty_drive.py). Awaited, after
    /// the store's first command.
    func runOnTerminal(_ arguments: [String], steps: [[String]]) async throws -> TerminalSession {
        // A shared store is made by its first command: a session started while it is being
        // made finds it busy.
        let (driver, words, environment) = try await whenBootstrapped().terminalDriver(arguments, steps: steps)
        return try Self.session(try await Self.execute(driver, words, environment: environment))
    }

    /// python3 running Scripts/pty_drive.py on `trips ARGS`, and its environment.
    private func terminalDriver(_ arguments: [String], steps: [[String]]) throws
        -> (URL, [String], [String: String])
    {
        let script = Self.root.appendingPathComponent("Tests/TripsCLITests/Scripts/pty_drive.py").path
        let stepsJSON = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
        return (
            URL(fileURLWithPath: "/usr/bin/python3"),
            [script, stepsJSON, Self.binaries.appendingPathComponent("trips").path, "--store", store] + arguments,
            environment.merging(["NO_COLOR": "1", "TERM": "xterm"]) { _, new in new }
        )
    }

    private static func session(_ result: Result) throws -> TerminalSession {
        var session = try JSONDecoder().decode(TerminalSession.self, from: Data(result.stdout.utf8))
        session.transcript = session.transcript.replacingOccurrences(of: "\r\n", with: "\n")
        return session
    }
}
