import Foundation
import TestSupport
import Testing

/// Reset is atomic (issue 37): `trips reset --yes` killed at any moment — SIGTERM or SIGKILL, at a
/// random point of a seeded sequence — leaves the old store as it was or the new one complete,
/// with every saved trip, favourite, visit and unsynced edit, and no deleted one back; the next
/// run deletes what the killed one left, saying so.
@Suite struct ResetInterruptTests {
    @Test func aResetKilledAtAnyMomentLosesNoneOfTheUsersData() async throws {
        let expected = try await ResetFixture.expected()
        // How long one whole reset takes here: the kills land anywhere in it, and a little after.
        let whole = try await ResetFixture.copy()
        let started = ContinuousClock.now
        let complete = try await whole.run(["reset", "--yes"])
        let span = ContinuousClock.now - started
        #expect(complete.status == 0, "\(complete.stderr)")
        #expect(try ResetFixture.userData(whole.store) == expected)

        let seed = TestSeed.draw()
        var generator = SeededGenerator(seed: seed)
        var killedMidReset = 0
        for round in 1...TestSize.pick(short: 20, long: 200) {
            let trips = try await ResetFixture.copy()
            let signal = Bool.random(using: &generator) ? SIGTERM : SIGKILL
            let delay = span * Double.random(in: 0..<1.1, using: &generator)
            let point = "seed \(seed), round \(round): signal \(signal) after \(delay)"
            let running = try WatchedProcess(
                TripsProcess.binaries.appendingPathComponent("trips"), ["--store", trips.store, "reset", "--yes"],
                environment: trips.environment)
            try await Task.sleep(for: delay)  // where the kill lands: the point of the test
            running.signal(signal)
            let exit = try await running.exit(within: TripsProcess.allowed)
            if exit.killedBySignal {
                killedMidReset += 1
            } else {
                #expect(exit.status == 0, "\(point): \(exit.stderr)")
            }

            // The store file as the kill left it, before any trips looks at it.
            #expect(try ResetFixture.userData(trips.store) == expected, "\(point)")
            let leftover = try ResetFixture.companions(of: trips).contains { $0.contains(".reset-new") }
            let visits = try await trips.run(["visited", "list", "--sport", "mlb"])
            #expect(visits.status == 0, "\(point): \(visits.stderr)")
            #expect(visits.stdout.contains("Wrigley Field") && visits.stdout.contains("1 of 30"), "\(point)")
            #expect(!visits.stdout.contains("Fenway Park"), "\(point): a deleted visit came back")
            #expect(
                visits.stderr.contains("note: deleted \(trips.store).reset-new") == leftover,
                "\(point): \(visits.stderr)")
            #expect(
                try ResetFixture.companions(of: trips).filter { $0.contains(".reset-new") || $0.contains(".bak") }
                    == [],
                "\(point)")
            #expect(try ResetFixture.userData(trips.store) == expected, "\(point)")
        }
        // The outcomes above are the assertion; this only guards against a run that never killed
        // a reset at all (then it would have tested nothing).
        #expect(killedMidReset > 0, "seed \(seed): no kill landed before its reset ended")
    }
}
