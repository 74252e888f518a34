import SQLite

/// What a user has in a store, by kind: what `trips reset` names before it asks, and carries over.
public struct UserDataInventory: Sendable, Hashable {
    /// Live records per kind.
    public var live: [UserRecordType: Int]
    /// Live records per kind whose latest edit has not reached the cloud: lost if the store goes.
    public var onlyHere: [UserRecordType: Int]

    public var isEmpty: Bool { live.values.allSatisfy { $0 == 0 } }

    /// "3 saved trips, 1 favourite team and 2 visits", or nil when there are none.
    public static func phrase(_ counts: [UserRecordType: Int]) -> String? {
        let parts = UserRecordType.allCases.compactMap { type -> String? in
            guard let n = counts[type], n > 0 else { return nil }
            return "\(n) \(n == 1 ? type.noun : type.pluralNoun)"
        }
        guard let last = parts.last else { return nil }
        return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
    }
}

extension UserRecordType {
    /// How a person calls one of these.
    var noun: String {
        switch self {
        case .savedTrip: return "saved trip"
        case .favoriteTeam: return "favourite team"
        case .visitedVenue: return "visit"
        }
    }

    var pluralNoun: String { noun + "s" }
}

extension CanonicalStore {
    /// The user's records by kind, and which of them exist only on this device.
    public func userDataInventory() throws -> UserDataInventory {
        func counts(_ sql: String) throws -> [UserRecordType: Int] {
            let pairs = try database.rows(sql) { (UserRecordType(rawValue: $0.string(0)), $0.int(1)) }
            return Dictionary(pairs.compactMap { type, n in type.map { ($0, n) } }, uniquingKeysWith: +)
        }
        return UserDataInventory(
            live: try counts("SELECT type, count(*) FROM user_records WHERE deleted_ms IS NULL GROUP BY type"),
            onlyHere: try counts(
                "SELECT r.type, count(*) FROM user_records r JOIN user_outbox o ON o.name = r.name"
                    + " WHERE r.deleted_ms IS NULL GROUP BY r.type"))
    }

    /// Copies every user record, field, pending export and user-sync value from the store at `path`
    /// (a `trips reset` backup) into this one, in one transaction: all of it or nothing.
    public func adoptUserData(from path: String) throws {
        try database.run("ATTACH DATABASE ? AS previous", [.text(path)])
        defer { _ = try? database.run("DETACH DATABASE previous") }
        try database.transaction {
            for table in ["user_records", "user_fields", "user_outbox", "user_sync"] {
                try database.execute("INSERT OR REPLACE INTO main.\(table) SELECT * FROM previous.\(table)")
            }
        }
    }
}
