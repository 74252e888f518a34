import Foundation
import TestSupport
import Testing

/// The process harness the sync and CLI tests stand on: waits end by the child's own events,
/// and a wait that runs out fails with what it waited for, the pid and the child's last lines,
/// and kills the child (so a stalled process fails a test instead of hanging the suite).
@Suite struct WatchedProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func linesAndTheExitAreAwaitedInOrder() async throws {
        let child = try WatchedProcess(Self.shell, ["-c", "echo one; echo two >&2; echo three; exit 3"])
        #expect(try await child.nextLine("a line") == "one")
        #expect(try await child.nextLine("three") { $0.hasPrefix("th") } == "three")
        let exit = try await child.exit()
        #expect(exit.status == 3 && !exit.killedBySignal)
        #expect(exit.stdout == "one\nthree\n")
        #expect(exit.stderr == "two\n")
    }

    @Test func aWaitThatRunsOutNamesItsTargetThePidAndTheLastLinesAndKillsTheChild() async throws {
        // stdout and stderr are separate pipes: the stderr line is written only once the test has
        // seen the last stdout line and closed the child's stdin, so the order is known.
        let child = try WatchedProcess(
            Self.shell, ["-c", "for i in $(seq 1 30); do echo line $i; done; read x; echo oops >&2; exec sleep 60"],
            input: .open)
        _ = try await child.nextLine("the last line") { $0 == "line 30" }
        child.closeInput()
        _ = try await child.poll("the stderr line") { _ in child.lastLines.last == "stderr: oops" ? true : nil }
        let error = try await #require(throws: WaitTimedOut.self) {
            try await child.nextLine("a line that never comes", within: .milliseconds(200)) { $0 == "never" }
        }
        #expect(error.description.contains("waiting for a line that never comes"))
        #expect(error.description.contains("pid \(child.pid)"))
        #expect(error.lastLines.count == WatchedProcess.tailLength)
        #expect(error.lastLines.last == "stderr: oops")
        #expect(error.lastLines.first == "line 12")
        let exit = try await child.exit(within: .seconds(10))
        #expect(exit.killedBySignal && exit.status == SIGKILL)
    }

    @Test func aChildThatEndsWithoutTheLineIsAnErrorAtOnce() async throws {
        let child = try WatchedProcess(Self.shell, ["-c", "echo bye"])
        let error = try await #require(throws: WatchedProcess.Ended.self) {
            try await child.nextLine("hello", within: .seconds(60)) { $0 == "hello" }
        }
        #expect(error.lastLines == ["bye"])
    }

    @Test func pollsEndAtTheirDeadlineAndBlockingExitsToo() async throws {
        // An hour: under a loaded run the 50 ms poll may be resumed a minute late, and a child
        // that ended on its own would say nothing of the kill. Timeouts kill both children.
        let child = try WatchedProcess(URL(fileURLWithPath: "/bin/sleep"), ["3600"])
        await #expect(throws: WaitTimedOut.self) {
            try await child.poll("a file that never appears", within: .milliseconds(50)) { _ -> Bool? in nil }
        }
        let exit = try await child.exit(within: .seconds(60))
        #expect(exit.killedBySignal && exit.status == SIGKILL, "the poll's timeout killed it: \(exit)")
        let other = try WatchedProcess(URL(fileURLWithPath: "/bin/sleep"), ["3600"])
        #expect(throws: WaitTimedOut.self) { try other.blockingExit(within: .milliseconds(50)) }
    }

    @Test func inputIsFedAndClosed() async throws {
        let child = try WatchedProcess(URL(fileURLWithPath: "/bin/cat"), input: .text("a\nb"))
        let exit = try await child.exit()
        #expect(exit.stdout == "a\nb" && exit.status == 0)
        #expect(child.lines == ["a", "b"], "the unterminated last line counts once the stream ends")
    }

    @Test func aReplaySeedReplacesTheFixedSeeds() {
        let seeds = TestSeed.cases(0..<400, short: 50)
        if let replay = TestSeed.replay {
            #expect(seeds == [Int(truncatingIfNeeded: replay)])
        } else {
            #expect(seeds == Array(0..<(TestSize.isLong ? 400 : 50)))
        }
    }
}
