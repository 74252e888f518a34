/// The one-word verdict of `trips sync status` (DESIGN §7). Cases are declared in the order they
/// are checked: the first that applies wins, so a cause (no network) hides its symptoms (errors).
public enum SyncHealthSummary: String, Sendable, Hashable, CaseIterable {
    /// The network is known to be down: failures are expected and not shown as broken.
    case noNetwork
    /// User-data sync is set up without a user token.
    case accountNotAvailable
    /// The last concluded setup, import or export failed (or a record type's last pull did).
    case error
    /// No success for longer than the threshold (2 × the watch interval, or a day), network up.
    case notSyncing
    /// Nothing was ever synced.
    case notStarted
    /// A sync is running and nothing above applies.
    case inProgress
    /// Every kind that ran last concluded successfully.
    case succeeded
    /// Runs exist but none concluded (only cancelled ones, say).
    case unknown
}
