/// What the kernel says about routes and interfaces at one moment, reduced to what decides
/// online/offline. Both the netlink dump and the /proc fallback produce one, so the rule is here once.
public struct NetworkSnapshot: Sendable, Hashable {
    public struct Interface: Sendable, Hashable {
        public var name: String
        /// Administratively up and its operational state up (or "unknown", which virtual
        /// interfaces such as tun report while working).
        public var isUp: Bool
        public var isLoopback: Bool
        /// Has an address of global (or site) scope — not loopback, not link-local. Nil when the
        /// source cannot tell (/proc has no IPv4 address list): then a default route must do.
        public var hasRoutableAddress: Bool?

        public init(name: String, isUp: Bool, isLoopback: Bool, hasRoutableAddress: Bool?) {
            self.name = name
            self.isUp = isUp
            self.isLoopback = isLoopback
            self.hasRoutableAddress = hasRoutableAddress
        }
    }

    public var interfaces: [Interface]
    /// Interfaces an IPv4 or IPv6 default route leaves through (unicast routes of the main table).
    public var defaultRouteInterfaces: Set<String>

    public init(interfaces: [Interface], defaultRouteInterfaces: Set<String>) {
        self.interfaces = interfaces
        self.defaultRouteInterfaces = defaultRouteInterfaces
    }

    /// Online when a default route leaves through an interface that is up, not loopback, and
    /// has a routable address (as far as known).
    public var status: NetworkStatus {
        let online = interfaces.contains { interface in
            defaultRouteInterfaces.contains(interface.name) && interface.isUp && !interface.isLoopback
                && interface.hasRoutableAddress != false
        }
        return online ? .online : .offline
    }
}
