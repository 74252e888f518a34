/// The kinds of user data (DESIGN §3, private database, zone `UserData`).
public enum UserRecordType: String, Sendable, Hashable, CaseIterable {
    case savedTrip = "SavedTrip"
    case favoriteTeam = "FavoriteTeam"
    case visitedVenue = "VisitedVenue"
}

/// One user-data record as the store holds it: text fields, each with the time it was last set
/// (the unit of the field-wise merge), the device that changed it last, and the server's change
/// tag last seen (nil: never saved to the cloud as far as this device knows).
public struct UserRecord: Sendable, Hashable {
    public var name: String
    public var type: UserRecordType
    public var fields: [String: String]
    /// Milliseconds since 1970 UTC at which each field was last set.
    public var fieldTimes: [String: Int64]
    /// Set on a tombstone: when the record was deleted (kept after export, as the cloud keeps
    /// its tombstone record, so a later-arriving older edit loses to it).
    public var deletedMs: Int64?
    public var device: String
    public var updatedMs: Int64
    public var changeTag: String?

    public init(
        name: String, type: UserRecordType, fields: [String: String] = [:], fieldTimes: [String: Int64] = [:],
        deletedMs: Int64? = nil, device: String, updatedMs: Int64, changeTag: String? = nil
    ) {
        self.name = name
        self.type = type
        self.fields = fields
        self.fieldTimes = fieldTimes
        self.deletedMs = deletedMs
        self.device = device
        self.updatedMs = updatedMs
        self.changeTag = changeTag
    }

    public var isDeleted: Bool { deletedMs != nil }

    /// The newest time any field was set.
    public var lastEditMs: Int64 { fieldTimes.values.max() ?? 0 }

    /// Field-wise merge of this (local) record with `remote` (the cloud's): per field the newer
    /// time wins, a tie goes to the cloud. The device and update time follow the newer side.
    /// Keeps this record's deletion state and change tag; the caller decides those.
    public func merged(with remote: UserRecord) -> UserRecord {
        var result = self
        for (field, remoteTime) in remote.fieldTimes {
            let localTime = fieldTimes[field] ?? Int64.min
            guard remoteTime >= localTime, let value = remote.fields[field] else { continue }
            result.fields[field] = value
            result.fieldTimes[field] = remoteTime
        }
        if remote.updatedMs >= updatedMs {
            result.device = remote.device
            result.updatedMs = remote.updatedMs
        }
        return result
    }
}
