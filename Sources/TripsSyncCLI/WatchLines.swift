import Foundation
import OutputText
import SyncHealth
import TripsCLI
import TripsModel
import TripsSync
import TripsZones

/// The watcher's log: one line per event on stdout, flushed at once (a journal or a pipe sees
/// it live). Table lines start with the local date and time; `--format json` prints one JSON
/// object per line (keys: event — sync, network or waiting — then, for sync: trigger,
/// startedAt, status, changed, durationSeconds, errors, nextAttemptSeconds; for network: at —
/// when the change was seen, so the debounce can be checked from the log alone — status,
/// syncInSeconds). `--quiet` keeps failures only.
@MainActor
struct WatchLines {
    let context: CLIContext
    let format: OutputFormat
    let quiet: Bool

    func show(_ report: WatchReport) {
        if quiet, !report.isFailure { return }
        let text = format == .json ? Self.json(report).rendered(pretty: false) : table(report)
        context.stdout.line(text)
        context.stdout.flush()
    }

    // MARK: Table

    private func table(_ report: WatchReport) -> String {
        let style = context.style
        switch report {
        case .network(let status, let syncInMs):
            let then = syncInMs.map { "syncing in \(Self.seconds($0))" } ?? (status == .offline ? "waiting for it" : "")
            return stamp(nil) + "network \(status.rawValue)" + (then.isEmpty ? "" : ": " + then)
        case .waiting(let untilMs):
            return stamp(nil) + "the cloud asked for no request before \(clock(untilMs)); waiting"
        case .attempt(let attempt):
            var text = stamp(attempt.startedMs)
            let why = attempt.trigger == .interval ? "" : style.dim(" (\(Self.label(attempt.trigger)))")
            if let result = attempt.result {
                let changes = "\(result.changed) change\(result.changed == 1 ? "" : "s")"
                let seconds = String(format: "%.2f s", result.durationSeconds)
                if result.succeeded {
                    text += style.green("synced") + " \(changes) in \(seconds)" + why
                } else if result.wasCancelled {
                    text += "sync stopped" + why + ": \(changes) saved"
                } else {
                    let errors = result.errors.map(\.description).joined(separator: "; ").terminalSafe
                    text += style.red("sync failed") + why + ": \(errors)"
                }
                if !result.cloudReplaced.isEmpty { text += "; the cloud's database was replaced: re-read everything" }
            } else {
                text += style.red("the cloud does not answer") + why + ": " + (attempt.unreachable ?? "").terminalSafe
            }
            if let next = attempt.nextInMs, !attempt.succeeded { text += "; next try in \(Self.seconds(next))" }
            return text
        }
    }

    /// "2026-11-23 16:40:05  " in the user's zone (TZ), from a wall-clock time (now when nil).
    private func stamp(_ ms: Int64?) -> String {
        let ms = ms ?? Int64((Date().timeIntervalSince1970 * 1000).rounded())
        let zone = context.localZone
        let (day, second) = CalendarDay.split(zone.localSeconds(at: Date(timeIntervalSince1970: Double(ms) / 1000)))
        return String(format: "%@ %02d:%02d:%02d  ", day.description, second / 3600, second % 3600 / 60, second % 60)
    }

    private func clock(_ ms: Int64) -> String {
        stamp(ms).trimmingCharacters(in: .whitespaces)
    }

    private static func label(_ trigger: WatchTrigger) -> String {
        switch trigger {
        case .start: return "at start"
        case .interval: return "interval"
        case .network: return "network back"
        case .retry: return "retry"
        }
    }

    /// "2.5 s", "30 s", "4 min".
    private static func seconds(_ ms: Int64) -> String {
        if ms >= 120_000 { return "\((ms + 30_000) / 60_000) min" }
        if ms < 10_000 && ms % 1000 != 0 { return String(format: "%.1f s", Double(ms) / 1000) }
        return "\((ms + 500) / 1000) s"
    }

    // MARK: JSON

    /// `nowMs`: wall-clock time of the report (network lines carry it).
    static func json(_ report: WatchReport, nowMs: Int64 = Int64((Date().timeIntervalSince1970 * 1000).rounded()))
        -> JSONDocument
    {
        switch report {
        case .network(let status, let syncInMs):
            return .object([
                ("event", .string("network")), ("at", .string(ISO8601.string(milliseconds: nowMs))),
                ("status", .string(status.rawValue)),
                ("syncInSeconds", syncInMs.map { .double(Double($0) / 1000) } ?? .null),
            ])
        case .waiting(let untilMs):
            return .object([("event", .string("waiting")), ("until", .string(ISO8601.string(milliseconds: untilMs)))])
        case .attempt(let attempt):
            let result = attempt.result
            let status =
                result.map { $0.succeeded ? "succeeded" : $0.wasCancelled ? "cancelled" : "failed" } ?? "unreachable"
            let errors = result.map { $0.errors.map(\.description) } ?? [attempt.unreachable ?? ""]
            return .object([
                ("event", .string("sync")), ("trigger", .string(attempt.trigger.rawValue)),
                ("startedAt", .string(ISO8601.string(milliseconds: attempt.startedMs))),
                ("status", .string(status)), ("changed", .int(result?.changed ?? 0)),
                ("durationSeconds", .double(((result?.durationSeconds ?? 0) * 1000).rounded() / 1000)),
                ("errors", .array(errors.map { .string($0) })),
                ("nextAttemptSeconds", attempt.nextInMs.map { .double(Double($0) / 1000) } ?? .null),
            ])
        }
    }
}

extension WatchReport {
    /// What `--quiet` still prints.
    var isFailure: Bool {
        if case .attempt(let attempt) = self { return !attempt.succeeded }
        return false
    }
}
