import FoundationEssentials
import Glibc

/// Every trips process holds a shared `flock` on a file beside the store while it has the store
/// open, and `trips reset` takes it exclusively only to swap the rebuilt store in. SQLite must
/// never see its file renamed under an open connection: that connection's writes would go to the
/// replaced file (lost), or leave a `-wal` beside the new one that SQLite would replay into it.
/// The kernel drops the lock at exit, `kill -9` included, so a crash never leaves it held.
public final class StoreUseLock {
    private var descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { release() }

    /// Takes the shared lock, waiting at most `limit` for a reset to finish its swap. Nil when the
    /// lock file cannot be made (a read-only folder, or no folder yet): no reset can swap a store
    /// there, so there is nothing to guard.
    public static func shared(at path: String, store: String, within limit: Duration) throws(StoreError)
        -> StoreUseLock?
    {
        let fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        try wait(fd, LOCK_SH, store: store, within: limit)
        return StoreUseLock(descriptor: fd)
    }

    /// Takes the exclusive lock, waiting at most `limit` for the other trips processes using the
    /// store to end; `StoreError.busy` when they outlast it.
    public static func exclusive(at path: String, store: String, within limit: Duration) throws(StoreError)
        -> StoreUseLock
    {
        let fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .notWritable(path: path, reason: String(cString: strerror(errno))) }
        try wait(fd, LOCK_EX, store: store, within: limit)
        return StoreUseLock(descriptor: fd)
    }

    /// Polls (a blocking `flock` has no deadline); closes `fd` when it gives up.
    private static func wait(_ fd: Int32, _ operation: Int32, store: String, within limit: Duration)
        throws(StoreError)
    {
        let deadline = ContinuousClock.now + limit
        while flock(fd, operation | LOCK_NB) != 0 {
            let reason = errno
            guard reason == EWOULDBLOCK || reason == EINTR else {
                close(fd)
                throw .notWritable(path: store, reason: "cannot lock it: \(String(cString: strerror(reason)))")
            }
            guard ContinuousClock.now < deadline else {
                close(fd)
                throw .busy(path: store)
            }
            usleep(10_000)
        }
    }

    /// Gives the lock up (also done on deinit and by the kernel at exit). The file stays, as the
    /// sync lock's does: removing it could let two processes lock two different files.
    public func release() {
        guard descriptor >= 0 else { return }
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}
