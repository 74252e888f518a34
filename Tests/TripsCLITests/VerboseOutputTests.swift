import Foundation
import Testing

/// `-v` says more where it is offered (issue 27 item 8): the store's path for any command that
/// opens it, the planner's search statistics after a plan or a tour — on stderr, so the output
/// itself is the same.
@Suite struct VerboseOutputTests {
    let trips = TripsProcess.shared
    let plan = [
        "plan", "--sport", "mlb", "--from", "2026-06-01", "--days", "3", "--start", "Chicago", "--options", "1",
        "--no-input",
    ]

    @Test func verboseNamesTheStore() async throws {
        let quiet = try await trips.run(["teams", "--sport", "mlb"])
        let verbose = try await trips.run(["-v", "teams", "--sport", "mlb"])
        #expect(verbose.status == 0)
        #expect(verbose.stderr == "store: \(trips.store)\n")
        #expect(quiet.stderr == "")
        #expect(verbose.stdout == quiet.stdout)
    }

    @Test func verbosePlanSaysWhatTheSearchDid() async throws {
        let quiet = try await trips.run(plan)
        let verbose = try await trips.run(plan + ["--verbose"])
        #expect(verbose.status == 0, "\(verbose.stderr)")
        #expect(verbose.stdout == quiet.stdout)
        #expect(!quiet.stderr.contains("search:"))
        let lines = verbose.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("store: \(trips.store)"))
        // The table's footer says "39 games considered, 80 connections": -v agrees and says more.
        #expect(lines.contains("search: 39 games given, 39 considered"), "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("search: 15 venues, ") && $0.hasSuffix(" drives simulated, 80 connections") })
        let expanded = try #require(lines.first { $0.contains(" partial trips expanded, ") })
        #expect(expanded.contains(" cut by the bound, ") && expanded.hasSuffix(" s"), "\(expanded)")
    }

    @Test func verboseTourSaysWhatTheSearchDid() async throws {
        let result = try await trips.run([
            "-v", "plan", "--tour", "venues", "--sport", "nfl", "--teams", "BUF,MIA,NE,NYJ", "--season", "2026",
            "--no-input",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("search: 12 candidate games at 4 buildings, 1 search\n"), "\(result.stderr)")
        #expect(result.stderr.contains(" partial trips expanded, "))
    }
}
