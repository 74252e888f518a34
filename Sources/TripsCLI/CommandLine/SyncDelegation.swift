import FoundationEssentials
import Glibc
import TripsModel
import TripsStore

/// `trips sync` runs in the sibling executable `trips-sync`, the only one that links the HTTP
/// stack (FoundationNetworking and libcurl's dozens of libraries). Loading those costs a few
/// milliseconds on every start, which the browse commands cannot afford; so `trips` replaces
/// itself with `trips-sync` (same arguments, same environment, same terminal) for `sync`.
enum SyncDelegation {
    enum DelegationError: Error, ExitCodeProviding {
        case missing(path: String)
        case cannotStart(path: String, reason: String)

        package var exitCode: Int32 { ExitStatus.failure }

        var description: String {
            switch self {
            case .missing(let path): return "cannot sync: \(path) is missing (reinstall trips: `make install`)"
            case .cannotStart(let path, let reason): return "cannot start \(path): \(reason)"
            }
        }
    }

    /// The `trips-sync` beside the running executable.
    static var executablePath: String {
        let own =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return PathText.appending(PathText.deletingLastComponent(own), "trips-sync")
    }

    /// Replaces this process with `trips-sync`; returns only when that failed, with the reason.
    static func execute(context: CLIContext) -> DelegationError {
        let path = executablePath
        guard FileManager.default.isExecutableFile(atPath: path) else { return DelegationError.missing(path: path) }
        context.stdout.flush()
        context.stderr.flush()
        let arguments = [path] + CommandLine.arguments.dropFirst()
        let argv = arguments.map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        return DelegationError.cannotStart(path: path, reason: reason)
    }
}
