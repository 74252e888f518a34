/// Linux network changes from rtnetlink: the thread sleeps in `poll()` until the kernel announces
/// a link, address or route change, waits for the burst to settle (bringing an interface up sends
/// a dozen messages), re-reads links, addresses and routes with dumps, and publishes the status
/// if it changed. Where no netlink socket can be opened (a sandbox), it polls the files instead.
///
/// The sockets are opened by `statuses()` on the calling thread, so they observe that thread's
/// network namespace.
public struct NetlinkNetworkMonitor: NetworkMonitor {
    /// Quiet time that ends a burst.
    public var settle: Duration
    /// The longest a burst may hold back a re-read (a flapping link still gets looked at).
    public var maximumSettle: Duration
    public var fallback: PolledNetworkMonitor

    public init(
        settle: Duration = .milliseconds(100), maximumSettle: Duration = .seconds(1),
        fallback: PolledNetworkMonitor = PolledNetworkMonitor()
    ) {
        self.settle = settle
        self.maximumSettle = maximumSettle
        self.fallback = fallback
    }

    public func statuses() -> AsyncStream<NetworkStatus> {
        guard let events = try? NetlinkSocket(groups: RouteNetlink.monitoredGroups) else {
            return fallback.statuses()
        }
        guard let queries = try? NetlinkSocket(groups: 0) else {
            events.close()
            return fallback.statuses()
        }
        let settleMs = MonitorThread.milliseconds(settle)
        let rounds = max(1, MonitorThread.milliseconds(maximumSettle) / settleMs)
        return MonitorThread.start(name: "trips.network.netlink") { feed, wake in
            var sequence: UInt32 = 0
            func reread() {
                var dump = RouteNetlinkDump()
                for type in [RouteNetlink.getLink, RouteNetlink.getAddress, RouteNetlink.getRoute] {
                    sequence &+= 1
                    // A failed dump publishes nothing: better the last known status than a guess.
                    guard queries.dump(type, sequence: sequence, into: &dump) else { return }
                }
                feed.publish(dump.snapshot.status)
            }
            reread()
            let watched = [events.descriptor, wake.readEnd]
            while true {
                guard let ready = MonitorThread.readable(watched, timeoutMs: -1), !ready[1], events.drain() else {
                    return
                }
                for _ in 0..<rounds {
                    guard let more = MonitorThread.readable(watched, timeoutMs: settleMs), !more[1] else { return }
                    guard more[0] else { break }
                    guard events.drain() else { return }
                }
                reread()
            }
        } cleanup: {
            events.close()
            queries.close()
        }
    }
}
