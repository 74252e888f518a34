import Foundation
import TestSupport
import Testing
import TripsStore

@testable import TripsCLI

/// Random command lines built from real and broken tokens: whatever the mix, a command ends
/// with a documented exit code and a message — never a crash, never an empty error.
@Suite struct ArgumentFuzzTests {
    static let commands = [
        "games", "teams", "stadiums", "plan", "gmaes", "", "--help", "debug", "sync", "export", "completions",
        "__complete",
    ]
    static let tokens = [
        "--sport", "mlb", "nba,nhl", "mbl", ",", "--team", "HOU", "HUO", "astros", "OAK", "--opponent", "--home",
        "--away", "--stadium", "Minute Maid Park", "Wrigley", "--season", "2026", "2025-26", "1899", "--from", "--to",
        "2026-06-01", "2026-06-03", "2026-02-30", "today", "+3d", "-1w", "yesterday", "--limit", "0", "5", "-5",
        "--format", "json", "csv", "ics", "xml", "--tz", "local", "UTC", "Mars/Base", "--near", "Chicago, IL",
        "41.9,-87.6", "--within", "10", "nan", "--days", "2", "--start", "Des Moines", "Chicgo", "--end",
        "--max-drive-hours", "4", "99", "--options", "2", "--optimize", "driving", "--no-input", "--distinct-stadiums",
        "--", "-x", "--=", "--team=", "--sport=mlb", "é", "\u{0}", "--verbose", "--no-color", "checksum",
        "--page-size", "201", "--time-limit", "--full", "--quiet", "--output", "-", "x.ics",
        // Huge and tiny numbers: a Double converted to an Int or a Duration must not trap.
        "--interval", "1e16", "1e308", "-1e308", "5e-324", "inf", "1e16s",
    ]

    @MainActor
    @Test func randomCommandLinesAlwaysEndWithADocumentedStatus() async throws {
        let shared = await TripsProcess.shared.whenBootstrapped()
        let seed = TestSeed.draw()
        var rng = SeededGenerator(seed: seed)
        for round in 0..<250 {
            var arguments = [Self.commands[Int.random(in: 0..<Self.commands.count, using: &rng)]].filter { !$0.isEmpty }
            for _ in 0..<Int.random(in: 0..<7, using: &rng) {
                arguments.append(Self.tokens[Int.random(in: 0..<Self.tokens.count, using: &rng)])
            }
            if arguments.first == "plan" && !arguments.contains("--days") { arguments += ["--days", "2"] }
            let stdout = Output()
            let stderr = Output()
            let context = CLIContext(
                environment: [
                    "TZ": "America/Chicago", "TRIPS_DATA": TripsProcess.root.appendingPathComponent("Data").path,
                ],
                stdout: stdout, stderr: stderr, stdinIsTerminal: false, stdoutIsTerminal: false,
                stderrIsTerminal: false,
                now: Date(timeIntervalSince1970: 1_795_000_000), storeLocation: StoreLocation(storePath: shared.store),
                bundleLocator: BundleLocator(environment: [
                    "TRIPS_DATA": TripsProcess.root.appendingPathComponent("Data").path
                ]))
            let status = await TripsCommandLine.run(arguments, context: context)
            #expect([0, 1, 2].contains(status), "seed \(seed) round \(round): \(arguments) → \(status)")
            if status != 0 {
                // The error's own line, after any notes that explain it (an off-season plan says
                // which season ended first): never a trace or an unprefixed line before it.
                let lines = stderr.captured.split(separator: "\n")
                let error = lines.firstIndex { $0.hasPrefix("trips: ") }
                #expect(
                    error.map { lines[..<$0].allSatisfy { $0.hasPrefix("note: ") || $0.hasPrefix("warning: ") } }
                        == true,
                    "seed \(seed) round \(round): \(arguments): \(stderr.captured)")
                #expect(stderr.captured.count > "trips: ".count + 5)
            }
        }
    }
}
