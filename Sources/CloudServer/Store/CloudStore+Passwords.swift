import Foundation

/// Passwords of the browser sign-in page (`user_passwords`, migration 6): only the stored form
/// of a `PasswordHash`, never the password.
extension CloudStore {
    /// Sets user `name`'s password (the user is created when missing), replacing any earlier one.
    /// Hashing is the caller's: the slow hash must not run while the service holds the store.
    func setPassword(_ hash: PasswordHash, ofUser name: String, nowMs: Int64) throws {
        try db.transaction {
            let id = try userID(name: name, nowMs: nowMs)
            try db.run(
                "INSERT OR REPLACE INTO user_passwords (user_id, hash, updated_ms) VALUES (?, ?, ?)",
                [.int(id), .text(hash.stored), .int(nowMs)])
        }
    }

    /// `setPassword` with a password in clear, for `trips-cloud user add NAME --password-stdin`.
    public func setPassword(_ password: String, ofUser name: String, nowMs: Int64) throws {
        guard password.utf8.count <= PasswordHash.maximumPasswordBytes else { throw PasswordError.tooLong }
        guard let hash = PasswordHash(password: password) else { throw PasswordError.hashFailed }
        try setPassword(hash, ofUser: name, nowMs: nowMs)
    }

    /// User `name`'s password hash; nil when there is no such user or it has no password.
    func passwordHash(ofUser name: String) throws -> PasswordHash? {
        try db.row(
            "SELECT p.hash FROM user_passwords p JOIN users u ON u.id = p.user_id WHERE u.name = ?", [.text(name)]
        ) { PasswordHash(stored: $0.string(0)) } ?? nil
    }

    /// A new web auth token of an existing user `name` (a sign-in that passed); nil if none.
    func issueToken(forUser name: String, nowMs: Int64) throws -> String? {
        try db.transaction {
            guard let id = try db.row("SELECT id FROM users WHERE name = ?", [.text(name)], { $0.int64(0) }) else {
                return nil
            }
            return try issueToken(userID: id, nowMs: nowMs)
        }
    }
}

/// Why a password could not be set.
public enum PasswordError: Error, CustomStringConvertible {
    case hashFailed
    case tooLong

    public var description: String {
        switch self {
        case .hashFailed: return "libcrypto could not hash the password (out of memory?)"
        case .tooLong: return "the password is longer than \(PasswordHash.maximumPasswordBytes) bytes"
        }
    }
}
