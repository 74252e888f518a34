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
        UserDataInventory(
            live: try recordCounts("SELECT type, count(*) FROM user_records WHERE deleted_ms IS NULL GROUP BY type"),
            onlyHere: try recordCounts(
                "SELECT r.type, count(*) FROM user_records r JOIN user_outbox o ON o.name = r.name"
                    + " WHERE r.deleted_ms IS NULL GROUP BY r.type"))
    }

    /// Counts by kind from a query answering (type, count) rows.
    func recordCounts(_ sql: String) throws -> [UserRecordType: Int] {
        let pairs = try database.rows(sql) { (UserRecordType(rawValue: $0.string(0)), $0.int(1)) }
        return Dictionary(pairs.compactMap { type, n in type.map { ($0, n) } }, uniquingKeysWith: +)
    }
}
