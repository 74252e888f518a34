import CloudKitWeb
import RecordSchema

/// The values of a canonical record (DESIGN §3) that no client can use, refused at save: a
/// field of another wire type than `RecordSchema` declares (`deprecatedAt: "soon"` was read as
/// "not deprecated", a live duplicate), a time outside 1900–2200 (Int64.min printed as year
/// −292275055), an integer beyond ±2^53 (the Int64 extremes; no canonical count comes near).
/// Fields the schema does not name, and records of other types, are not checked.
enum CanonicalFieldCheck {
    /// Each canonical type's fields by wire name, common fields included.
    static let specs: [String: [String: FieldSpec]] = {
        let types: [(String, [FieldSpec])] = [
            (SportFields.recordType, SportFields.all), (LeagueStructureFields.recordType, LeagueStructureFields.all),
            (StadiumFields.recordType, StadiumFields.all), (TeamFields.recordType, TeamFields.all),
            (TeamAliasFields.recordType, TeamAliasFields.all), (StadiumAliasFields.recordType, StadiumAliasFields.all),
            (GameFields.recordType, GameFields.all),
        ]
        return Dictionary(
            uniqueKeysWithValues: types.map { type, fields in
                (type, Dictionary(uniqueKeysWithValues: (fields + CommonFields.all).map { ($0.name, $0) }))
            })
    }()

    /// 1900-01-01T00:00:00Z and 2200-01-01T00:00:00Z, in ms since 1970.
    static let earliestMs: Int64 = -2_208_988_800_000
    static let latestMs: Int64 = 7_258_118_400_000
    static let largestInteger: Int64 = 1 << 53

    /// Why `value` cannot be `field` of a `type` record; nil when it can (or is not checked).
    static func problem(type: String, field: String, value: FieldValue) -> String? {
        guard let spec = specs[type]?[field] else { return nil }
        switch (spec.type, value) {
        case (.timestamp, .timestamp(let ms)), (.timestamp, .int64(let ms)):
            guard (earliestMs..<latestMs).contains(ms) else {
                return "field \(field) is \(ms) ms: a time must fall from 1900 up to 2200"
            }
            return nil
        case (.int64, .int64(let n)):
            guard abs(Double(n)) <= Double(largestInteger) else {
                return "field \(field) is \(n): an INT64 field must lie within ±2^53"
            }
            return nil
        default:
            guard spec.type.matches(value) else {
                return
                    "field \(field) of a \(type) must be \(spec.type.wireName), not \(value.typeName ?? "an untyped value")"
            }
            return nil
        }
    }
}

extension FieldSpec.WireType {
    /// The `type` string of the wire format.
    var wireName: String {
        switch self {
        case .string: return FieldType.string.rawValue
        case .int64: return FieldType.int64.rawValue
        case .double: return FieldType.double.rawValue
        case .timestamp: return FieldType.timestamp.rawValue
        case .location: return FieldType.location.rawValue
        case .stringList: return FieldType.string.listTypeName
        }
    }
}
