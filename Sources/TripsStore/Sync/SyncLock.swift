import FoundationEssentials
import InputText
import TripsModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One sync at a time per store (DESIGN §6.5): an exclusive `flock` on a file beside the store.
/// The kernel drops the lock when the holder exits — however it exits, `kill -9` included —
/// so there is no "in progress" flag a crash could leave set. The holder writes its pid into
/// the file so the loser can say who is syncing.
public final class SyncLock {
    public let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Takes the lock without waiting, or throws `SyncLockError.held` naming the holder's pid.
    public static func acquire(at path: String) throws(SyncLockError) -> SyncLock {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .unavailable(path: path, reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            let holder = readPID(fd)
            close(fd)
            if reason == EWOULDBLOCK { throw .held(pid: holder) }
            throw .unavailable(path: path, reason: String(cString: strerror(reason)))
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        return SyncLock(path: path, descriptor: fd)
    }

    /// The pid of the process syncing this store now, or nil when nobody holds the lock (for
    /// `trips sync status`: an event left "in progress" without a holder was interrupted).
    public static func holder(at path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer {
            // Unlocked explicitly, not only by close (see `release`).
            _ = flock(fd, LOCK_UN)
            close(fd)
        }
        // A shared lock conflicts only with a holder's exclusive one.
        guard flock(fd, LOCK_SH | LOCK_NB) != 0, errno == EWOULDBLOCK else { return nil }
        return readPID(fd) ?? 0
    }

    /// Gives the lock up (also done on deinit and by the kernel at exit). The file stays: removing
    /// it could let two processes lock two different files of the same name.
    public func release() {
        guard descriptor >= 0 else { return }
        _ = ftruncate(descriptor, 0)
        // Unlock before closing: a child process forked meanwhile (and not yet exec'd) shares the
        // open file, and closing alone would leave the lock held until that child execs.
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<n], as: UTF8.self).trimmed)
    }
}

/// Why the sync lock could not be taken.
public enum SyncLockError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Another process is syncing this store (its pid, when it had written it yet).
    case held(pid: Int32?)
    /// The lock file cannot be opened or locked at all.
    case unavailable(path: String, reason: String)

    public var description: String {
        switch self {
        case .held(let pid): return "sync already in progress" + (pid.map { " (pid \($0))" } ?? "")
        case .unavailable(let path, let reason): return "cannot take the sync lock \(path): \(reason)"
        }
    }
}
