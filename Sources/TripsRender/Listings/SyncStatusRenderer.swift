import FoundationEssentials
import Glibc
import OutputText
import SyncHealth
import TripsModel
import TripsStore

/// `trips sync status` as a headline plus a table per record type, or JSON with stable keys.
/// Errors are stored already redacted; they are shown on one line, escaped for the terminal.
public struct SyncStatusRenderer: Rendering {
    public var health: SyncHealth
    /// User-data changes waiting in the outbox (saved trips, favourites, visits).
    var pendingUserChanges = 0
    /// Whether user data syncs (signed in), should but cannot (not signed in), or is not used.
    var account: UserDataAccount = .notUsed
    /// Where the last sync read: "feeds" (the leagues' own, read by this device), "cloud", or nil.
    var source: String?
    /// Saved trips whose games changed so that they no longer work, until replanned or dismissed.
    public var tripsNeedingAttention: [String] = []

    public init(
        health: SyncHealth, pendingUserChanges: Int = 0, account: UserDataAccount = .notUsed, source: String? = nil
    ) {
        self.source = source
        self.health = health
        self.pendingUserChanges = pendingUserChanges
        self.account = account
    }

    /// `✓ synced 2 min ago · 10,249 records` / `✗ sync failing for 3 h: … — what to do`.
    public func headline(style: Style) -> String {
        let records = "\(health.records.grouped) records"
        let ago = health.sinceLastSuccess.map { "\(Self.age($0)) ago" }
        let lastSuccess = ago.map { "last synced \($0)" } ?? "never synced"
        switch health.summary {
        case .succeeded:
            let from = source == "feeds" ? " from the leagues' feeds" : ""
            return style.green("✓")
                + " synced \(health.sinceLastSuccess.map(Self.age).map { "\($0) ago" } ?? "")\(from) · \(records)"
        case .inProgress:
            return style.green("↻") + " syncing now · \(lastSuccess) · \(records)"
        case .notStarted:
            return style.yellow("–") + " never synced: \(records) from the bundled data — run `trips sync`"
        case .noNetwork:
            return style.yellow("○") + " offline: \(lastSuccess) · \(records); sync resumes when the network is back"
        case .accountNotAvailable:
            return style.yellow("!") + " your trips and favourites are not syncing: no user token — run `trips login`"
        case .error:
            let since = health.failingFor.map { " for \(Self.age($0))" } ?? ""
            let error = Self.oneLine(health.error ?? "unknown error")
            return style.red("✗") + " sync failing\(since): \(error)"
                + (Self.remedy(for: error).map { " — \($0)" } ?? "")
        case .notSyncing:
            let expected = Self.age(.milliseconds(health.staleAfterMs))
            return style.red("✗") + " not syncing: \(lastSuccess), expected within \(expected) · \(records)"
        case .unknown:
            return style.yellow("?") + " sync state unknown: no sync has finished yet · \(records)"
        }
    }

    /// "1 saved trip no longer fits its games: Wrigley weekend — `trips saved show`", or nil.
    public func tripsLine(style: Style) -> String? {
        guard let first = tripsNeedingAttention.first else { return nil }
        let count = tripsNeedingAttention.count
        return style.yellow("!")
            + " \(count) saved trip\(count == 1 ? "" : "s") no longer fit\(count == 1 ? "s" : "") its games: "
            + tripsNeedingAttention.joined(separator: ", ") + " — `trips saved show \(first.shellWord)`"
    }

    public func table(style: Style) -> String {
        var table = TextTable(
            headers: ["TYPE", "RECORDS", "NEWEST CHANGE", "LAST SUCCESS", "FAILURES", "LAST ERROR"],
            rightAligned: [1, 4])
        for type in health.recordTypes {
            table.add([
                type.recordType.rawValue, type.liveRecords.map(\.grouped) ?? "-",
                type.watermarkAge.map { Self.age($0) + " ago" } ?? "-",
                type.sinceLastSuccess.map { Self.age($0) + " ago" } ?? "never",
                String(type.state.consecutiveFailures),
                type.state.lastError.map { Self.oneLine($0, limit: 60) } ?? "",
            ])
        }
        var userData = ""
        if account == .notUsed && pendingUserChanges > 0 {
            // No cloud set (the leagues' feeds): saved trips and favourites live here, as meant.
            userData = "user data: kept on this device (no cloud is set to sync it between devices)\n"
        } else if account != .notUsed {
            userData =
                "user data: "
                + (pendingUserChanges == 0
                    ? "nothing waiting to export"
                    : "\(pendingUserChanges) change\(pendingUserChanges == 1 ? "" : "s") waiting to export")
                + (account == .notAvailable ? " (not signed in: `trips login`)" : "") + "\n"
        }
        let trips = tripsLine(style: style).map { $0 + "\n" } ?? ""
        return headline(style: style) + "\n" + trips + userData + "\n" + table.render(style: style)
    }

    public func json() -> JSONDocument {
        func time(_ ms: Int64?) -> JSONDocument {
            ms.map { .string(ISO8601.string(Date(timeIntervalSince1970: Double($0) / 1000))) } ?? .null
        }
        func seconds(_ duration: Duration?) -> JSONDocument {
            duration.map { .int(Int($0.components.seconds)) } ?? .null
        }
        let kinds: [JSONDocument] = health.kinds.map { kind in
            .object([
                ("kind", .string(kind.kind.rawValue)), ("activity", .string(Self.name(kind.activity))),
                ("since", time(kind.activity.sinceMs)), ("error", .string(kind.error)),
            ])
        }
        let types: [JSONDocument] = health.recordTypes.map { type in
            .object([
                ("recordType", .string(type.recordType.rawValue)),
                ("records", type.liveRecords.map(JSONDocument.int) ?? .null),
                ("watermark", time(type.state.watermarkMs)), ("lastSuccess", time(type.state.lastSuccessMs)),
                ("consecutiveFailures", .int(type.state.consecutiveFailures)),
                ("lastError", .string(type.state.lastError)),
            ])
        }
        return .object([
            ("summary", .string(health.summary.rawValue)), ("broken", .bool(health.isBroken)),
            ("network", .string(health.network.rawValue)), ("lastSuccess", time(health.lastSuccessMs)),
            ("secondsSinceLastSuccess", seconds(health.sinceLastSuccess)),
            ("failingForSeconds", seconds(health.failingFor)), ("error", .string(health.error)),
            ("records", .int(health.records)), ("staleAfterSeconds", .int(Int(health.staleAfterMs / 1000))),
            ("kinds", .array(kinds)), ("recordTypes", .array(types)),
            ("account", .string(account.rawValue)), ("pendingUserChanges", .int(pendingUserChanges)),
            ("source", .string(source)),
            ("savedTripsNeedingAttention", .array(tripsNeedingAttention.map(JSONDocument.string))),
        ])
    }

    static func name(_ activity: SyncActivity) -> String {
        switch activity {
        case .notStarted: return "notStarted"
        case .inProgress: return "inProgress"
        case .succeeded: return "succeeded"
        case .failed: return "failed"
        case .cancelled: return "cancelled"
        }
    }

    /// "40 s", "2 min", "3 h", "2 days": as precise as a glance needs.
    static func age(_ duration: Duration) -> String {
        let seconds = max(0, Int(duration.components.seconds))
        switch seconds {
        case ..<60: return "\(seconds) s"
        case ..<3600: return "\(seconds / 60) min"
        case ..<(48 * 3600): return "\(seconds / 3600) h"
        default: return "\(seconds / 86_400) days"
        }
    }

    /// An error on one line, shortened, safe for a terminal.
    static func oneLine(_ text: String, limit: Int = 200) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        let short = flat.count > limit ? String(flat.prefix(limit - 1)) + "…" : flat
        return SecretRedaction.redact(short).terminalSafe
    }

    /// What the user can do about an error the settings cause.
    static func remedy(for error: String) -> String? {
        let lower = error.lowercased()
        if lower.contains("api token") { return "trips config set cloud.apiToken -" }
        if lower.contains("cloud.url") || lower.contains("not configured") { return "trips config set cloud.url URL" }
        return nil
    }
}
