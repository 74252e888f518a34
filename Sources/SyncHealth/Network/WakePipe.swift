import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How a monitor's thread, blocked in `poll()` with no timeout, is told to stop: `poll` watches
/// the read end beside the sockets, and closing the write end wakes it (POLLHUP) at once — no
/// busy loop, no timeout standing in for a signal.
final class WakePipe: Sendable {
    let readEnd: Int32
    /// -1 once closed; locked because `signal` comes from the stream's consumer, any thread.
    private let writeEnd: Mutex<Int32>

    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]
        writeEnd = Mutex(ends[1])
    }

    /// Wakes the thread for good (idempotent).
    func signal() {
        writeEnd.withLock { fd in
            guard fd >= 0 else { return }
            close(fd)
            fd = -1
        }
    }

    /// Called once by the thread as it ends.
    func closeAll() {
        signal()
        close(readEnd)
    }
}
