import CloudKitWeb

/// The values of a field that no client can use, refused by the server at save and skipped as
/// malformed by the client when read — one rule for both sides: a value of another wire type than
/// the spec declares (`deprecatedAt: "soon"` was read as "not deprecated", a live duplicate), a
/// time outside 1900–2200 (Int64.min printed as year −292275055), an integer beyond ±2^53 (the
/// Int64 extremes; no canonical count comes near). A TIMESTAMP field may come as an INT64.
extension FieldSpec {
    /// 1900-01-01T00:00:00Z and 2200-01-01T00:00:00Z, in ms since 1970.
    public static let earliestMs: Int64 = -2_208_988_800_000
    public static let latestMs: Int64 = 7_258_118_400_000
    public static let largestInteger: Int64 = 1 << 53

    /// Why `value` cannot be this field; nil when it can.
    public func problem(with value: FieldValue) -> String? {
        switch (type, value) {
        case (.timestamp, .timestamp(let ms)), (.timestamp, .int64(let ms)):
            guard (Self.earliestMs..<Self.latestMs).contains(ms) else {
                return "is \(ms) ms: a time must fall from 1900 up to 2200"
            }
            return nil
        case (.int64, .int64(let n)):
            guard n.magnitude <= UInt64(Self.largestInteger) else {
                return "is \(n): an INT64 field must lie within ±2^53"
            }
            if let integers, !integers.contains(n) {
                return "is \(n): \(name) must lie within \(integers.lowerBound)...\(integers.upperBound)"
            }
            return nil
        default:
            guard type.matches(value) else {
                return "must be \(type.wireName), not \(value.typeName ?? "an untyped value")"
            }
            return nil
        }
    }
}

extension FieldSpec.WireType {
    /// The `type` string of the wire format.
    public var wireName: String {
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
