import CloudKitClient
import TripsModel
import TripsStore

/// Why (part of) a pull failed, in words for the user, with whether trying again later can help.
public struct SyncFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The type being pulled, or nil for failures of the sync as a whole (the store).
    public var recordType: RecordType?
    /// Later types that failed with the very same message (`SyncResult.add`): one line for all.
    public var sameFailureFor: [RecordType] = []
    /// One line, no secrets (the cloud client redacts its errors).
    public var message: String
    /// Network trouble, throttling, 5xx, a busy store: exit 75 rather than 1.
    public var isTemporary: Bool
    /// Later types cannot succeed either (unreachable cloud, bad credentials, broken store).
    public var stopsSync: Bool
    /// Seconds the cloud asked the client to wait (`retryAfter`), at most a day: a watcher
    /// schedules its next try no sooner.
    public var retryAfterSeconds: Double?

    public init(
        recordType: RecordType?, message: String, isTemporary: Bool, stopsSync: Bool, retryAfterSeconds: Double? = nil
    ) {
        self.recordType = recordType
        self.message = message
        self.isTemporary = isTemporary
        self.stopsSync = stopsSync
        self.retryAfterSeconds = retryAfterSeconds
    }

    public var description: String {
        guard let recordType else { return message }
        return ([recordType] + sameFailureFor).map(\.rawValue).joined(separator: ", ") + ": " + message
    }

    /// A cloud error while pulling `type`.
    init(_ error: CloudError, pulling type: RecordType) {
        let fatal: Bool
        switch error {
        case .invalidRequest: fatal = true
        case .server(let body, _):
            fatal = [.authenticationFailed, .authenticationRequired, .accessDenied].contains(body.serverErrorCode)
        default: fatal = false
        }
        self.init(
            recordType: type, message: error.description, isTemporary: error.isRetryable,
            stopsSync: error.isRetryable || fatal,
            retryAfterSeconds: error.retryAfter.flatMap(RetryPolicy.standard.retryAfterSeconds).map {
                min($0, Self.longestRetryAfter)
            })
    }

    /// The longest wait a server's `retryAfter` can impose (a day): beyond it, a typo or a bug.
    public static let longestRetryAfter: Double = 86_400

    /// A failure of the local store (always stops the sync).
    init(store error: any Error) {
        self.init(
            recordType: nil, message: "store: \(error)", isTemporary: StoreError(error)?.kind == .temporary,
            stopsSync: true)
    }
}
