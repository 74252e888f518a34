/// Whether this machine can reach beyond itself: a default route through an interface that is up
/// and has a routable address. Not a promise the cloud answers — a watcher confirms with a request.
public enum NetworkStatus: String, Sendable, Hashable {
    case online
    case offline
    /// Not known (nothing could be read): sync health then neither blames nor excuses the network.
    case unknown
}
