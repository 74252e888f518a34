import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A monitor's dedicated thread: it blocks in `poll()` (never spins), is woken to stop through a
/// `WakePipe` when the consumer goes away, and ends the stream when its work ends.
enum MonitorThread {
    /// Starts `work` on a new thread. `work` returns when woken or on a fatal error; `cleanup`
    /// then runs on the same thread (closing sockets), and the stream ends.
    static func start(
        name: String, _ work: @escaping @Sendable (StatusFeed, WakePipe) -> Void,
        cleanup: @escaping @Sendable () -> Void = {}
    ) -> AsyncStream<NetworkStatus> {
        let (stream, feed) = StatusFeed.make()
        guard let wake = WakePipe() else {
            cleanup()
            feed.finish()
            return stream
        }
        feed.onTermination { wake.signal() }
        let started = spawn(name: name) {
            work(feed, wake)
            cleanup()
            wake.closeAll()
            feed.finish()
        }
        if !started {
            cleanup()
            wake.closeAll()
            feed.finish()
        }
        return stream
    }

    /// Runs `body` on a new detached POSIX thread (`name` says what for; Glibc's module does not
    /// export `pthread_setname_np`); false when no thread could be made.
    private static func spawn(name _: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        final class Body: Sendable {
            let run: @Sendable () -> Void
            init(_ run: @escaping @Sendable () -> Void) { self.run = run }
        }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// Which of `fds` became readable (or hung up) within `timeoutMs` (-1: no limit); nil when
    /// `poll` fails. Interrupted waits are retried with the full timeout — only ever a wake-up
    /// sooner than asked, never later than a few timeouts.
    static func readable(_ fds: [Int32], timeoutMs: Int32) -> [Bool]? {
        var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let count = poll(&entries, nfds_t(entries.count), timeoutMs)
            if count >= 0 { return entries.map { $0.revents != 0 } }
            if errno != EINTR { return nil }
        }
    }

    /// A poll timeout: at least 1 ms, so a tiny duration never becomes a busy loop.
    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }
}
