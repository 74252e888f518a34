import CloudKitWeb
import TripsModel

/// Why a record from the cloud or the bundle could not become a domain value. Such a record
/// is counted as malformed and skipped; it never aborts a sync or an import.
public enum RecordDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownRecordType(recordName: String, type: String?)
    case missingMetadata(recordName: String, what: String)
    case missingField(recordName: String, field: String)
    case invalidField(recordName: String, field: String, reason: String)

    public var recordName: String {
        switch self {
        case .unknownRecordType(let n, _), .missingMetadata(let n, _), .missingField(let n, _),
            .invalidField(let n, _, _):
            return n
        }
    }

    public var description: String {
        switch self {
        case .unknownRecordType(let n, let t): return "\(n): unknown record type \(t ?? "(none)")"
        case .missingMetadata(let n, let what): return "\(n): missing \(what)"
        case .missingField(let n, let f): return "\(n): missing required field '\(f)'"
        case .invalidField(let n, let f, let why): return "\(n): field '\(f)' \(why)"
        }
    }
}
