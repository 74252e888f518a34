import Digest
import SQLite

/// Whose user data this store holds: the cloud account its records and its outbox belong to.
/// Unsynced edits are never sent to another account (issue 37 item 4): after a sign-in as
/// someone else they wait for their own account, and a store with nothing waiting starts the
/// new account afresh — the previous one's data is all in that account's cloud already.
public enum UserDataAccountKeys {
    /// The account's user record name (`users/current`), once a sync has asked.
    public static let account = "account"
    /// A digest of the web auth token the account was last confirmed with: the same token is
    /// the same account, so `users/current` is asked only when the token changes.
    public static let credential = "credential"

    public static func credential(of token: String) -> String { SHA256.hex("trips user token\u{1F}" + token) }
}

extension CanonicalStore {
    /// Forgets this device's copy of the user data (records, outbox, sync token), all at once:
    /// for an account switch with nothing waiting to be sent.
    public func forgetUserData() throws {
        try database.transaction {
            for table in ["user_fields", "user_records", "user_outbox", "user_sync"] {
                try database.run("DELETE FROM \(table)", [])
            }
        }
    }
}
