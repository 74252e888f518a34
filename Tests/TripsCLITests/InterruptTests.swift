import Foundation
import TestSupport
import Testing

/// Ctrl-C keeps the best (issue 28 item 5): a real SIGINT or SIGTERM to a real `trips` that is
/// searching prints the best trip found so far, as a complete document, and exits 130.
@Suite struct InterruptTests {
    /// CPU seconds a process has used (utime + stime from /proc): past loading, it is searching.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let name = text.lastIndex(of: ")")
        else { return 0 }
        // After the name: state (field 3) … utime (14), stime (15).
        let fields = text[text.index(after: name)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Runs `trips plan ARGUMENTS --format json --no-input` on a bootstrapped store, sends
    /// `signal` once it has searched for `cpu` seconds, and reads what it wrote.
    static func interrupted(_ arguments: [String], by signal: Int32, after cpu: Double) async throws -> (
        exit: WatchedProcess.Exit, json: [String: Any]
    ) {
        let trips = TripsProcess()
        // The store first, so the search is what the signal interrupts.
        _ = try await trips.run(["teams", "--sport", "mlb"])
        let child = try WatchedProcess(
            TripsProcess.binaries.appendingPathComponent("trips"),
            ["--store", trips.store, "plan"] + arguments + ["--format", "json", "--no-input"],
            environment: trips.environment)
        let giveUp = ContinuousClock.now + .seconds(90)
        while child.isRunning, Self.cpuSeconds(child.pid) < cpu, ContinuousClock.now < giveUp {
            try await Task.sleep(for: .milliseconds(100))
        }
        // A search that ended before the signal proves nothing about interrupting one.
        #expect(child.isRunning, "the plan ended before \(cpu) s of search: \(child.stderr)")
        child.signal(signal)
        let exit = try await child.exit(within: .seconds(90))
        let json = (try? JSONSerialization.jsonObject(with: Data(exit.stdout.utf8))) as? [String: Any]
        return (exit, json ?? [:])
    }

    @Test func ctrlCDuringATourPrintsTheBestTourSoFarAndExits130() async throws {
        // 4 s of CPU: more search than the 3 s time limit that finds a tour in PlanTourTests.
        let run = try await Self.interrupted(
            ["--tour", "venues", "--sport", "mlb", "--season", "2026", "--optimize", "days", "--time-limit", "600s"],
            by: SIGINT, after: 4)
        #expect(!run.exit.killedBySignal && run.exit.status == 130, "\(run.exit.stderr)")
        #expect(run.json["interrupted"] as? Bool == true, "\(run.exit.stdout)")
        #expect(PlanTourTests.visits(run.json).count == 30)
        let proof = try #require(run.json["proof"] as? [String: Any])
        #expect(proof["optimal"] as? Bool == false)
        #expect(proof["bound"] is Double && proof["gap"] is Double)
    }

    @Test func sigtermDuringAPlanPrintsTheBestTripSoFarAndExits130() async throws {
        let run = try await Self.interrupted(
            // Night driving at 12 h a day: a month of choices that an optimised build still
            // searches for seconds (≈ 8 s of CPU), so the signal finds it searching.
            [
                "--sport", "mlb", "--from", "2026-06-01", "--days", "30", "--start", "Chicago", "--night-driving",
                "--max-drive-hours", "12",
            ],
            by: SIGTERM, after: 2)
        #expect(!run.exit.killedBySignal && run.exit.status == 130, "\(run.exit.stderr)")
        #expect(run.json["interrupted"] as? Bool == true, "\(run.exit.stdout)")
        #expect((run.json["trips"] as? [Any])?.isEmpty == false)
        #expect(run.json["bound"] is Double && run.json["gap"] is Double)
    }
}
