/// Whether the private database (saved trips, favourites) can be synced: it needs a user's web
/// auth token besides the API token. The canonical pull needs neither.
public enum UserDataAccount: String, Sendable, Hashable {
    /// User-data sync is not set up: nothing is missing.
    case notUsed
    /// A user token is configured.
    case available
    /// User-data sync is set up but there is no user token: the user's data is not syncing.
    case notAvailable
}
