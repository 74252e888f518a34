import FoundationEssentials
import Glibc

/// Who holds the publisher lease, and whether a holder is known to be gone. A holder is named
/// by host and pid for people ("build-3 pid 4242") and by a random token for the check: while it
/// runs, the process keeps an exclusive lock on a file named after its token in the temporary
/// folder. A holder is gone only when that file is here and nobody locks it — so a live
/// publisher in another PID namespace (same host name, a pid that means nothing here) is never
/// taken for dead (issue 37 item 7); one whose file is not here waits out the lease's expiry.
public final class LeaseHolder: Sendable {
    public let name: String
    /// The locked file's descriptor, open for the life of the process.
    private let lock: Int32

    /// This process as a holder: its token's file made and locked.
    public init(folder: String = FileManager.default.temporaryDirectory.path) {
        var rng = SystemRandomNumberGenerator()
        let token = (0..<12).map { _ in String(UInt8.random(in: 0...255, using: &rng), radix: 16) }.joined()
        name = "\(ProcessInfo.processInfo.hostName) pid \(getpid()) · \(token)"
        let fd = open(Self.path(token, folder: folder), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd >= 0 { _ = flock(fd, LOCK_EX | LOCK_NB) }
        lock = fd
    }

    deinit { if lock >= 0 { close(lock) } }

    static func path(_ token: String, folder: String) -> String { folder + "/trips-publisher-\(token).lock" }

    /// Whether `holder` (a lease's holder name) is a process of this machine that has stopped:
    /// its token's file is here and unlocked (removed then). Unknown holders are not gone.
    @Sendable public static func isGone(_ holder: String, folder: String = FileManager.default.temporaryDirectory.path)
        -> Bool
    {
        guard let mark = holder.range(of: " · ") else { return false }
        let token = holder[mark.upperBound...]
        guard !token.isEmpty, token.allSatisfy({ $0.isHexDigit }) else { return false }
        let file = path(String(token), folder: folder)
        let fd = open(file, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return false }
        unlink(file)
        return true
    }
}
