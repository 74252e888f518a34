import TripsRecords

/// What happened to one incoming record (DESIGN §6.3).
public enum MergeOutcome: Sendable, Hashable {
    /// New or changed content, stored.
    case applied
    /// Stored with `deprecatedAt`: kept so references resolve, hidden from the provider.
    case deprecated
    /// Same record name and change tag as stored: nothing to do.
    case unchanged
    /// Older `modified` than the stored copy: a late or replayed write, ignored.
    case skippedOlder
    /// Written with a newer `schemaVersion` than this build supports: left for a newer client.
    case skippedIncompatible
    /// Undecodable or missing required fields: counted, reported, skipped.
    case malformed(RecordDecodingError)
}

/// Per-type tallies of merge outcomes, for sync results, import reports and tests.
public struct MergeCounts: Sendable, Hashable, Codable {
    public var applied = 0
    public var deprecated = 0
    public var unchanged = 0
    public var skippedOlder = 0
    public var skippedIncompatible = 0
    public var malformed = 0
    /// "recordName: reason" for malformed records (first `malformedDetailLimit` only).
    public var malformedRecords: [String] = []

    public static let malformedDetailLimit = 50

    public init() {}

    public var total: Int { applied + deprecated + unchanged + skippedOlder + skippedIncompatible + malformed }

    /// Records whose content changed the store.
    public var changed: Int { applied + deprecated }

    public mutating func count(_ outcome: MergeOutcome) {
        switch outcome {
        case .applied: applied += 1
        case .deprecated: deprecated += 1
        case .unchanged: unchanged += 1
        case .skippedOlder: skippedOlder += 1
        case .skippedIncompatible: skippedIncompatible += 1
        case .malformed(let error):
            malformed += 1
            if malformedRecords.count < MergeCounts.malformedDetailLimit { malformedRecords.append(error.description) }
        }
    }

    public mutating func add(_ other: MergeCounts) {
        applied += other.applied
        deprecated += other.deprecated
        unchanged += other.unchanged
        skippedOlder += other.skippedOlder
        skippedIncompatible += other.skippedIncompatible
        malformed += other.malformed
        let room = MergeCounts.malformedDetailLimit - malformedRecords.count
        if room > 0 { malformedRecords += other.malformedRecords.prefix(room) }
    }
}
