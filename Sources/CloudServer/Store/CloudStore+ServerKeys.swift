import CloudKitSigning
import Foundation

/// A registered server-to-server key as `trips-cloud key list` shows it.
public struct ServerKeyEntry: Sendable, Hashable {
    public var name: String
    public var keyID: String
    public var createdMs: Int64
}

/// Why a key cannot be registered.
public enum ServerKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// NAME already names another key: keys are replaced by removing the old one first, so a
    /// typo cannot silently cut off the publisher that uses it.
    case nameTaken(String, keyID: String)

    public var description: String {
        switch self {
        case .nameTaken(let name, let keyID):
            return "the name \(name) is taken by key \(keyID); remove it first (trips-cloud key remove \(name))"
        }
    }
}

extension CloudStore {
    /// Registers `key` under `name`; answers its key id. Registering the same key again under
    /// its own name changes nothing.
    public func addServerKey(name: String, key: VerifyingKey, nowMs: Int64) throws -> String {
        try db.transaction {
            let id = key.keyID
            if let existing = try db.row(
                "SELECT key_id FROM server_keys WHERE name = ?", [.text(name)], { $0.string(0) })
            {
                guard existing == id else { throw ServerKeyError.nameTaken(name, keyID: existing) }
                return id
            }
            try db.run(
                "INSERT OR REPLACE INTO server_keys (key_id, name, public_key, created_ms) VALUES (?, ?, ?, ?)",
                [.text(id), .text(name), .text(Data(key.der).base64EncodedString()), .int(nowMs)])
            return id
        }
    }

    /// The public key registered as `keyID`, nil when there is none (or its stored DER is unreadable).
    func serverKey(id keyID: String) throws -> VerifyingKey? {
        guard
            let text = try db.row(
                "SELECT public_key FROM server_keys WHERE key_id = ?", [.text(keyID)], { $0.string(0) }),
            let der = Data(base64Encoded: text)
        else { return nil }
        return VerifyingKey(der: Array(der))
    }

    /// Every registered key, by name.
    public func serverKeys() throws -> [ServerKeyEntry] {
        try db.rows("SELECT name, key_id, created_ms FROM server_keys ORDER BY name") {
            ServerKeyEntry(name: $0.string(0), keyID: $0.string(1), createdMs: $0.int64(2))
        }
    }

    /// Removes the key named `nameOrID` (or with that id); answers whether there was one.
    public func removeServerKey(_ nameOrID: String) throws -> Bool {
        try db.run("DELETE FROM server_keys WHERE name = ? OR key_id = ?", [.text(nameOrID), .text(nameOrID)]) > 0
    }
}
