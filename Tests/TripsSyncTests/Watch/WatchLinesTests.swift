import Foundation
import SyncHealth
import Testing
import TripsStore
import TripsSync

@testable import TripsCLI
@testable import TripsSyncCLI

/// What `trips sync --watch` prints per event, in table and JSON, and what `--quiet` keeps.
@MainActor
@Suite struct WatchLinesTests {
    /// 2026-11-23 16:40:05.250 UTC.
    static let startedMs: Int64 = 1_795_452_005_250

    static func lines(_ format: OutputFormat = .table, quiet: Bool = false, tz: String = "America/Chicago")
        -> (WatchLines, Output)
    {
        let stdout = Output()
        let context = CLIContext(
            environment: ["TZ": tz], stdout: stdout, stderr: Output(), stdinIsTerminal: false,
            stdoutIsTerminal: false, stderrIsTerminal: false, now: Date(),
            storeLocation: StoreLocation(storePath: "/nonexistent/trips.sqlite"),
            bundleLocator: BundleLocator(environment: [:]))
        return (WatchLines(context: context, format: format, quiet: quiet), stdout)
    }

    static func attempt(_ trigger: WatchTrigger, failed: Bool = false, changed: Int = 0) -> WatchReport {
        var result = SyncResult(full: false)
        result.durationSeconds = 0.25
        var type = TypeSyncResult(recordType: .game, status: failed ? .failed : .completed)
        type.counts.applied = changed
        result.types = [type]
        if failed {
            result.add(
                SyncFailure(recordType: .sport, message: "the cloud is busy", isTemporary: true, stopsSync: true))
        }
        return .attempt(
            WatchAttempt(
                trigger: trigger, startedMs: startedMs, result: result, nextInMs: failed ? 4_000 : 30_000))
    }

    @Test func tableLinesStartWithTheLocalTimeAndSayWhatHappenedAndWhatIsNext() {
        let (lines, out) = Self.lines()
        lines.show(Self.attempt(.start, changed: 2))
        lines.show(Self.attempt(.interval))
        lines.show(.network(.offline, syncInMs: nil))
        lines.show(Self.attempt(.retry, failed: true))
        let shown = out.captured.split(separator: "\n").map(String.init)
        #expect(shown.count == 4)
        #expect(shown[0] == "2026-11-23 10:40:05  synced 2 changes in 0.25 s (at start)")
        #expect(shown[1] == "2026-11-23 10:40:05  synced 0 changes in 0.25 s")
        #expect(shown[2].hasSuffix("  network offline: waiting for it"))
        #expect(shown[3] == "2026-11-23 10:40:05  sync failed (retry): Sport: the cloud is busy; next try in 4 s")
    }

    @Test func quietKeepsOnlyFailures() {
        let (lines, out) = Self.lines(quiet: true)
        lines.show(Self.attempt(.start))
        lines.show(.network(.online, syncInMs: 2500))
        #expect(out.captured.isEmpty)
        lines.show(Self.attempt(.retry, failed: true))
        #expect(out.captured.contains("sync failed"))
    }

    @Test func jsonIsOneObjectPerLineWithStableKeys() throws {
        let (lines, out) = Self.lines(.json)
        lines.show(Self.attempt(.network, changed: 1))
        lines.show(.network(.online, syncInMs: 2500))
        let shown = out.captured.split(separator: "\n").map(String.init)
        #expect(shown.count == 2)
        #expect(
            shown[0]
                == #"{"event":"sync","trigger":"network","startedAt":"2026-11-23T16:40:05.250Z","status":"succeeded","#
                + #""changed":1,"durationSeconds":0.25,"errors":[],"nextAttemptSeconds":30}"#)
        #expect(shown[1].hasPrefix(#"{"event":"network","at":""#))
        #expect(shown[1].hasSuffix(#"Z","status":"online","syncInSeconds":2.5}"#))
        let network = WatchLines.json(.network(.online, syncInMs: 2500), nowMs: Self.startedMs)
        #expect(
            network.rendered(pretty: false)
                == #"{"event":"network","at":"2026-11-23T16:40:05.250Z","status":"online","syncInSeconds":2.5}"#)
    }

    @Test func watchOptionsThatDoNotFitAreUsageErrors() async {
        for arguments in [
            ["sync", "--interval", "5s"], ["sync", "--watch", "--full"], ["sync", "--watch", "--interval", "0s"],
            ["sync", "--watch", "--interval", "soon"],
        ] {
            let stderr = Output()
            let context = CLIContext(
                environment: [:], stdout: Output(), stderr: stderr, stdinIsTerminal: false, stdoutIsTerminal: false,
                stderrIsTerminal: false, now: Date(), storeLocation: StoreLocation(storePath: "/nonexistent/x.sqlite"),
                bundleLocator: BundleLocator(environment: [:]))
            let status = await SyncCommandLine.run(arguments, context: context)
            #expect(status == 2, "\(arguments): \(stderr.captured)")
            #expect(stderr.captured.contains("--"), "\(arguments): \(stderr.captured)")
        }
    }
}
