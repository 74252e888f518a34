/// CloudKit's two environments, separate databases in one file: every owner id of
/// `production` (the public database's 0 and each user's id) is moved by `ownerOffset`, so its
/// records, zones, counters and live counts never meet `development`'s. Users (and their tokens)
/// are shared, as with Apple's; the database files of older servers hold `development`.
public enum ServerEnvironment: String, Sendable, CaseIterable {
    case development, production

    /// Far above any user id (SQLite row ids of `users`).
    var ownerOffset: Int64 { self == .development ? 0 : 1 << 40 }

    /// The owner id of `owner` (public 0, or a user id) in this environment.
    func owner(_ owner: Int64) -> Int64 { owner + ownerOffset }

    /// The identity query answers carry (`CloudDatabaseInfo.epoch`): one per environment, so a
    /// client moved to the other environment reads it whole instead of trusting its watermarks.
    func epoch(_ fileEpoch: String) -> String {
        self == .development ? fileEpoch : fileEpoch + "-" + rawValue
    }
}
