import TestSupport
import Testing

@testable import SyncHealth

/// The netlink monitor against a real kernel, inside a throwaway network namespace with a veth
/// pair and private addresses.
@Suite struct NetlinkNetworkMonitorTests {
    @Test(.enabled(if: NetworkNamespace.isAvailable, "needs root, iproute2's ip and network namespaces"))
    func aDefaultRouteComingAndTheLinkGoingArePublishedOnceEach() async throws {
        let namespace = try NetworkNamespace()
        defer { namespace.delete() }
        try namespace.ip("link", "add", "veth0", "type", "veth", "peer", "name", "veth1")
        try namespace.ip("link", "set", "veth1", "up")
        try namespace.ip("addr", "add", "10.213.0.2/24", "dev", "veth0")
        try namespace.ip("link", "set", "veth0", "up")
        let statuses = try await namespace.statuses(of: NetlinkNetworkMonitor(settle: .milliseconds(50)))

        let seen = try await firstStatuses(3, of: statuses) { count in
            if count == 1 {
                try namespace.ip("route", "add", "default", "via", "10.213.0.1", "dev", "veth0")
            } else {
                // A burst that leaves the status as it was must publish nothing before the drop.
                try namespace.ip("addr", "add", "10.213.0.3/24", "dev", "veth0")
                try namespace.ip("link", "set", "veth0", "down")
            }
        }

        #expect(seen == [.offline, .online, .offline])
    }
}
