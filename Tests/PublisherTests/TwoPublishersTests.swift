import CloudServerProcess
import Foundation
import TestSupport
import Testing

/// Issue 26 item 6 with real processes: two `trips-cloud publish` at once against one
/// `trips-cloud`. The first holds the lease while it writes (the server slows every write, so
/// it is still writing when the second starts); the second exits 75 naming the first, by its
/// host and pid, and writes nothing; once the first is done, the lease is free again.
@Suite(.serialized) struct TwoPublishersTests {
    @Test func theSecondPublisherExits75NamingTheFirstWhileItWrites() async throws {
        let server = try await CloudServerProcess.start(
            data: RecordedSeason.referenceBundle,
            // 1 s a write: the second publisher's start (seconds when the whole suite runs) still
            // lands while the first writes.
            extraArguments: ["--faults", #"{"latencyMs": 1000, "operations": ["records/modify"]}"#])
        defer { server.stop() }
        let tools = LivePublishTests.Tools(server: server, home: FileManager.default.temporaryDirectory)
        func writes() -> Int { server.log.split(separator: "\n").filter { $0.contains("/records/modify ") }.count }

        let first = try WatchedProcess(tools.cloudExecutable, tools.arguments(RecordedSeason.published))
        // The lease is the first write; the games follow in batches of 200, 1 s each at least.
        _ = try await first.poll("the first publisher's lease write", within: .seconds(120)) { running in
            running ? (writes() >= 1 ? true : nil) : true
        }
        #expect(first.isRunning, "the first publish ended before the second started: \(first.lastLines)")
        let writesBefore = writes()
        let second = try await tools.publish(RecordedSeason.published)
        #expect(second.status == 75, "\(second.stderr)")
        #expect(second.stderr.contains("publishing from"), "\(second.stderr)")
        #expect(second.stderr.contains("pid \(first.pid)"), "\(second.stderr)")
        let done = try await first.exit(within: .seconds(300))
        #expect(done.status == 0, "\(done.stderr)")
        #expect(writes() > writesBefore + 5, "the first publisher went on writing its batches")

        // Released at the end: a third run starts at once and finds nothing to change.
        let third = try LivePublishTests.counts(try await tools.publish(RecordedSeason.published))
        #expect(third["created"] as? Int == 0 && third["updated"] as? Int == 0, "\(third)")
    }
}
