import Digest

/// The convergence checksum both sides print (`trips-cloud checksum`, `trips debug checksum`):
/// one line per record type that has live records, sorted by type name, `TYPE COUNT SHA256HEX`,
/// the hash taken over the sorted lines `recordName:recordChangeTag\n` of that type's live
/// records. Equal output means the two record sets are equal.
public enum RecordChecksum {
    public struct Entry: Sendable, Hashable {
        public var recordType: String
        public var recordName: String
        public var changeTag: String

        public init(recordType: String, recordName: String, changeTag: String) {
            self.recordType = recordType
            self.recordName = recordName
            self.changeTag = changeTag
        }
    }

    /// The checksum lines for live entries (callers leave out deprecated and deleted records).
    public static func lines(_ entries: some Sequence<Entry>) -> [String] {
        var byType: [String: [String]] = [:]
        for e in entries { byType[e.recordType, default: []].append("\(e.recordName):\(e.changeTag)\n") }
        return byType.keys.sorted().map { type in
            let rows = byType[type]!.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            var hasher = SHA256()
            for row in rows { hasher.update(row.utf8) }
            return "\(type) \(rows.count) \(SHA256.hex(hasher.finalize()))"
        }
    }
}
