import CloudKitWeb

/// The cloud refuses a record over `ProtocolLimits.recordBytes` (1 MB) for good, so an edit that
/// would pass it is refused here, when the user can still shorten what they typed.
extension UserRecord {
    /// The record's fields as the cloud stores and measures them: each as
    /// `"name":{"type":"STRING","value":"…"}`, plus `fieldTimes`, `updatedAt` and `device`
    /// (`UserRecord+Wire`). A tombstone is small and is not measured.
    public var cloudBytes: Int {
        var total = 1
        func add(_ key: String, type: String, valueBytes: Int) {
            total +=
                JSONText.quote(key).utf8.count + 1 + "{\"type\":\"\(type)\",\"value\":}".utf8.count + valueBytes + 1
        }
        for (field, value) in fields { add(field, type: "STRING", valueBytes: JSONText.quote(value).utf8.count) }
        let times =
            "{" + fieldTimes.keys.sorted().map { "\(JSONText.quote($0)):\(fieldTimes[$0] ?? 0)" }.joined(separator: ",")
            + "}"
        add("fieldTimes", type: "STRING", valueBytes: JSONText.quote(times).utf8.count)
        add("updatedAt", type: "TIMESTAMP", valueBytes: String(updatedMs).utf8.count)
        add("device", type: "STRING", valueBytes: JSONText.quote(device).utf8.count)
        return total
    }

    /// How the user knows the record: "the trip 'Texas swing'", "the visit to stadium_mlb_wri".
    public var displayName: String {
        switch type {
        case .savedTrip: return fields["name"].map { "the trip '\($0)'" } ?? "a deleted saved trip"
        case .favoriteTeam: return "the favourite team \(fields["teamId"] ?? name)"
        case .visitedVenue: return "the visit to \(fields["stadiumId"] ?? name)"
        }
    }
}

/// A user-data edit the store refuses.
public enum UserDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The record would pass the cloud's limit for one record.
    case tooLarge(what: String, bytes: Int)

    public var description: String {
        switch self {
        case .tooLarge(let what, let bytes):
            let tenths = (bytes * 10 + ProtocolLimits.recordBytes / 2) / ProtocolLimits.recordBytes
            return "\(what) would be \(tenths / 10).\(tenths % 10) MB, over the cloud's 1 MB limit for one record"
        }
    }
}
