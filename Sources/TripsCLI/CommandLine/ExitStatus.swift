import ArgumentParsing
import TripsInput
import TripsPlanner
import TripsStore

/// The one place errors become exit codes and stderr lines (DESIGN §8):
/// 0 ok · 1 failure · 2 usage/input · 75 temporary · 130 interrupted.
package enum ExitStatus {
    package static let ok: Int32 = 0
    package static let failure: Int32 = 1
    package static let usage: Int32 = 2
    package static let temporary: Int32 = 75
    package static let interrupted: Int32 = 130

    /// Every code with what it means, for the man page.
    package static let meanings: [(code: Int32, meaning: String)] = [
        (ok, "Success."),
        (
            failure,
            "Failure: the store or a file cannot be read or written, the bundled data is missing, a sync failed."
        ),
        (
            usage,
            "Usage or input error: an unknown command or option, a bad value or date, an unknown team, venue or place (with a suggestion)."
        ),
        (
            temporary,
            "Temporary: a sync is already running, the store is busy, the cloud is unreachable; try again later."
        ),
        (interrupted, "Interrupted by Ctrl-C, SIGTERM or --time-limit; what was synced is kept."),
    ]

    /// Exit code and one-line message (plus an optional second line, e.g. the usage) for an error.
    package static func report(_ error: any Error) -> (code: Int32, message: String, detail: String?) {
        switch error {
        case let e as UsageError: return (usage, e.message, e.usage)
        case let e as InputError: return (usage, e.description, nil)
        case let e as ResolutionError: return (usage, e.description, nil)
        case let e as PlaceError: return (usage, e.description, nil)
        case let e as PlanRequestError: return (usage, e.description, nil)
        case let e as FileWriter.WriteError: return (failure, e.description, nil)
        case let e as Interrupted: return (interrupted, e.description, nil)
        case let e as BundleError: return (failure, e.description, nil)
        case let e as any ExitCodeProviding: return (e.exitCode, "\(e)", nil)
        default:
            // Store and SQLite failures: the store says which kind; only "busy" is temporary.
            if let e = StoreError(error) {
                switch e.kind {
                case .temporary: return (temporary, e.description, nil)
                case .input: return (usage, e.description, nil)
                case .damaged, .failure: return (failure, e.description, nil)
                }
            }
            return (failure, "\(error)", nil)
        }
    }
}

/// Errors from other modules (sync, cloud) that know their exit code class.
package protocol ExitCodeProviding: Error, CustomStringConvertible {
    var exitCode: Int32 { get }
}
