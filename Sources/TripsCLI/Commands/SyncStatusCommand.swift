import ArgumentParsing
import FoundationEssentials
import Glibc
import OutputText
import SyncHealth
import TripsRender
import TripsStore

/// `trips sync status`: is sync working, broken, or silently stuck? Reads the store's sync
/// state and event log — never the sync lock's side of the store, so it answers while another
/// process syncs — and runs in `trips` (no HTTP stack), as fast as `trips games`.
struct SyncStatusCommand: TripsCommand {
    enum Options {
        static let format = Option<OutputFormat?>.choice(
            "format", "FORMAT", among: [OutputFormat.table, .json], "Output: table (default), json")
        static let check = Option<Bool>.flag(
            "check", "Exit 1 when sync is broken (failing, or no success for too long), else 0")
    }

    static let spec = TripsCommandSpec(
        name: "status", summary: "Is sync working, failing, or silently stuck?",
        discussion: """
            One headline — when the last sync succeeded and how many records the store holds, or
            since when and why it fails — then per record type: the age of its watermark (the
            newest cloud change it has), its last success, consecutive failures and last error.
            Sync counts as broken when the last run failed, or when nothing succeeded for twice
            the watch interval (a day when no `trips sync --watch` runs) while the network is up.
            --check prints the headline and exits 1 when broken or while a saved trip no longer
            fits its games (until `trips saved replan` or `dismiss`), 0 otherwise (for cron,
            systemd or monitoring). JSON keys: summary, broken, network, lastSuccess, secondsSinceLastSuccess,
            failingForSeconds, error, records, staleAfterSeconds, kinds[kind, activity, since,
            error], recordTypes[recordType, records, watermark, lastSuccess, consecutiveFailures,
            lastError], savedTripsNeedingAttention (times ISO 8601 UTC, null when unknown).
            """,
        options: [Options.format, Options.check],
        examples: ["trips sync status", "trips sync status --check", "trips sync status --format json"],
        action: action)

    var format: OutputFormat
    var check: Bool

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        format = try arguments.read(Options.format) ?? .table
        check = try arguments.read(Options.check)
    }

    func run(_ context: CLIContext) throws {
        let nowMs = Int64((context.now.timeIntervalSince1970 * 1000).rounded())
        let store = try context.store()
        let pending = try store.pendingUserChanges()
        let account = try account(context, store: store, pending: pending)
        let observation = try SyncObservation(
            store: store, lockPath: context.storeLocation.lockPath, network: context.networkStatus(),
            account: account, nowMs: nowMs)
        // The last sync's source: this device's read of the leagues' feeds, or a cloud.
        let identity = try store.info(CanonicalStore.cloudIdentityKey)
        var report = SyncStatusRenderer(
            health: SyncHealth(observation), pendingUserChanges: pending, account: account,
            source: identity.map { $0.hasPrefix("feeds:") ? "feeds" : "cloud" })
        let provider = try context.provider()
        report.tripsNeedingAttention = try store.savedTrips().filter {
            try SavedTripReview($0, provider: provider, plansAgain: false).needsAttention
        }.map(\.name)
        if check {
            context.stdout.line(report.headline(style: context.style))
            if let trips = report.tripsLine(style: context.style) { context.stdout.line(trips.terminalSafe) }
        } else {
            context.stdout.write(try format.render(report, style: context.style))
        }
        if check && report.health.isBroken { throw SyncIsBroken(summary: report.health.summary) }
        if check && !report.tripsNeedingAttention.isEmpty {
            throw TripsNeedAttention(count: report.tripsNeedingAttention.count)
        }
    }
}

extension SyncStatusCommand {
    /// Signed in (a web auth token is set); not signed in to a cloud while there is user data to
    /// sync; else user-data sync is simply not in use — with no cloud set (the leagues' feeds),
    /// saved trips stay on this device and that is no trouble to report.
    func account(_ context: CLIContext, store: CanonicalStore, pending: Int) throws -> UserDataAccount {
        let settings = try SyncSettings.load(
            configPath: context.storeLocation.configPath, environment: context.environment)
        if settings.value(.cloudWebAuthToken) != nil { return .available }
        guard settings.hasCloud else { return .notUsed }
        let hasUserData = try pending > 0 || !store.userRecords().isEmpty
        return hasUserData ? .notAvailable : .notUsed
    }
}

/// `--check` found a saved trip that no longer fits its games: exit 1 until it is replanned or
/// the change dismissed (the line above says which).
struct TripsNeedAttention: Error, ExitCodeProviding {
    var count: Int
    package var exitCode: Int32 { ExitStatus.failure }
    var description: String {
        "\(count) saved trip\(count == 1 ? "" : "s") need\(count == 1 ? "s" : "") attention (`trips saved list`)"
    }
}

/// `--check` found sync broken: exit 1 (the headline already says why).
struct SyncIsBroken: Error, ExitCodeProviding {
    var summary: SyncHealthSummary
    package var exitCode: Int32 { ExitStatus.failure }
    var description: String { "sync is broken (\(summary.rawValue))" }
}
