import ArgumentParsing
import FoundationEssentials
import Glibc
import OutputText
import TripsModel
import TripsStore

/// `trips debug …`: tools for checking the store against the cloud, and for keeping it small.
enum DebugCommand {
    static let spec = TripsCommandSpec(
        name: "debug", summary: "Tools for checking the local store",
        subcommands: [ChecksumCommand.spec, VacuumCommand.spec])
}

/// `trips debug checksum`: the store's convergence checksum, comparable with the cloud's.
struct ChecksumCommand: TripsCommand {
    static let spec = TripsCommandSpec(
        name: "checksum", summary: "Print the convergence checksum of the local store",
        discussion: """
            One line per record type with live records: TYPE COUNT SHA256 over the sorted
            "recordName:recordChangeTag" lines — exactly what `trips-cloud checksum` prints
            for the server, so `diff` of the two outputs shows whether sync converged.
            """,
        action: action)

    init(_ arguments: ParsedArguments, context: CLIContext) {}

    func run(_ context: CLIContext) throws {
        for line in try context.store().checksumLines() { context.stdout.line(line) }
    }
}

/// `trips debug vacuum`: the maintenance every successful sync runs, then `VACUUM`, under the
/// sync lock so it never runs during a sync.
struct VacuumCommand: TripsCommand {
    static let spec = TripsCommandSpec(
        name: "vacuum", summary: "Purge old deprecated records and sync log entries, then compact the store",
        discussion: """
            Removes records deprecated more than 90 days ago (a team or venue stays while a game
            or team still names it) and all but the newest 1,000 sync log entries — what every
            successful `trips sync` does too — then rewrites the store file without its free
            space. Live records and `trips debug checksum` do not change. It takes the sync
            lock: while a sync runs it changes nothing and exits 75.
            """,
        examples: ["trips debug vacuum"],
        action: action)

    init(_ arguments: ParsedArguments, context: CLIContext) {}

    func run(_ context: CLIContext) throws {
        try context.storeLocation.createFolder()
        let lock: SyncLock
        do {
            lock = try SyncLock.acquire(at: context.storeLocation.lockPath)
        } catch {
            throw SyncLockRefusal(error, retry: "trips debug vacuum")
        }
        defer { lock.release() }
        let store = try context.store()
        let before = try store.sizeBytes()
        let report = try store.performMaintenance(nowMs: Int64((context.now.timeIntervalSince1970 * 1000).rounded()))
        try store.vacuum()
        let after = try store.sizeBytes()
        context.stdout.line(Self.summary(report, before: before, after: after))
    }

    /// `purged 12 deprecated records (10 Game, 2 Team), dropped 340 old sync events; store 41.2 MB → 38.0 MB`.
    static func summary(_ report: MaintenanceReport, before: Int64, after: Int64) -> String {
        let types = report.purged.sorted { $0.key < $1.key }.map { "\($0.value.grouped) \($0.key.rawValue)" }
        let purged =
            "purged \(counted(report.purgedTotal, "deprecated record"))"
            + (types.isEmpty ? "" : " (\(types.joined(separator: ", ")))")
        return "\(purged), dropped \(counted(report.eventsDropped, "old sync event")); "
            + "store \(megabytes(before)) → \(megabytes(after))"
    }

    private static func counted(_ n: Int, _ noun: String) -> String {
        "\(n.grouped) \(noun)\(n == 1 ? "" : "s")"
    }

    private static func megabytes(_ bytes: Int64) -> String {
        Numeral.fixed(Double(bytes) / 1_000_000, digits: 1) + " MB"
    }
}
