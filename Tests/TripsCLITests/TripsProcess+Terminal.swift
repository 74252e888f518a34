import Foundation

extension TripsProcess {
    /// What a pseudo-terminal showed, and how the run ended (`error` when a prompt never came).
    struct TerminalSession: Decodable {
        var transcript: String
        var status: Int32
        var error: String?
    }

    /// Runs `trips` (after `--store`) on a pseudo-terminal, answering each prompt when it
    /// appears: `steps` are [text to wait for, answer] (see Scripts/pty_drive.py).
    func runOnTerminal(_ arguments: [String], steps: [[String]]) throws -> TerminalSession {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let script = Self.root.appendingPathComponent("Tests/TripsCLITests/Scripts/pty_drive.py").path
        let stepsJSON = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
        process.arguments =
            [script, stepsJSON, Self.binaries.appendingPathComponent("trips").path, "--store", store] + arguments
        process.environment = environment.merging(["NO_COLOR": "1", "TERM": "xterm"]) { _, new in new }
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var session = try JSONDecoder().decode(TerminalSession.self, from: data)
        session.transcript = session.transcript.replacingOccurrences(of: "\r\n", with: "\n")
        return session
    }
}
