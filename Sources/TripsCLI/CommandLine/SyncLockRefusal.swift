import TripsStore

/// Why a command that must not run under a sync (`trips debug vacuum` rewrites every page,
/// `trips reset` replaces the store) did not run: it changed nothing; try again later.
enum SyncLockRefusal: Error, ExitCodeProviding {
    /// A sync holds the lock (its pid, when it had written it yet): exit 75; `retry` is the
    /// command to run again.
    case syncRunning(pid: Int32?, retry: String)
    /// The lock file cannot be opened or locked at all.
    case lockUnavailable(SyncLockError)

    init(_ error: SyncLockError, retry: String) {
        if case .held(let pid) = error {
            self = .syncRunning(pid: pid, retry: retry)
        } else {
            self = .lockUnavailable(error)
        }
    }

    var exitCode: Int32 {
        if case .syncRunning = self { return ExitStatus.temporary }
        return ExitStatus.failure
    }

    var description: String {
        switch self {
        case .syncRunning(let pid, let retry):
            return "a sync is running on this store" + (pid.map { " (pid \($0))" } ?? "")
                + "; run `\(retry)` again when it has finished"
        case .lockUnavailable(let error): return error.description
        }
    }
}
