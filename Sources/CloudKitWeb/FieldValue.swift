import FoundationEssentials

/// The `type` strings of CloudKit field values.
public enum FieldType: String, Sendable, Hashable, Codable, CaseIterable {
    case string = "STRING"
    case int64 = "INT64"
    case double = "DOUBLE"
    case timestamp = "TIMESTAMP"
    case bytes = "BYTES"
    case reference = "REFERENCE"
    case location = "LOCATION"
    case asset = "ASSETID"

    /// `STRING_LIST`, `INT64_LIST`, …
    public var listTypeName: String { rawValue + "_LIST" }
}

/// A `REFERENCE` value: another record by name.
public struct Reference: Sendable, Hashable, Codable {
    public var recordName: String
    public var action: String?

    public init(recordName: String, action: String? = "NONE") {
        self.recordName = recordName
        self.action = action
    }
}

/// A `LOCATION` value. Only latitude/longitude matter here; other keys are ignored.
public struct Location: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    private enum CodingKeys: String, CodingKey { case latitude, longitude }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let lat = try c.decode(JSONValue.self, forKey: .latitude).double,
            let lon = try c.decode(JSONValue.self, forKey: .longitude).double
        else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: c.codingPath, debugDescription: "LOCATION needs numeric latitude/longitude"))
        }
        self.init(latitude: lat, longitude: lon)
    }
}

/// One field value as on the wire: `{"value": …, "type": "…"}`.
///
/// Decoding is tolerant, as the protocol requires: a missing `type` is inferred from the JSON,
/// numbers may arrive as strings, and a value of an unknown `type` is kept as `.other`
/// rather than failing the whole record.
public indirect enum FieldValue: Sendable, Hashable {
    case string(String)
    case int64(Int64)
    case double(Double)
    /// Milliseconds since 1970 UTC.
    case timestamp(Int64)
    /// Base64, as sent.
    case bytes(String)
    case reference(Reference)
    case location(Location)
    case list(FieldType, [FieldValue])
    /// A value this client does not model (unknown or mismatched type), kept verbatim.
    case other(type: String?, value: JSONValue)

    public var typeName: String? {
        switch self {
        case .string: return FieldType.string.rawValue
        case .int64: return FieldType.int64.rawValue
        case .double: return FieldType.double.rawValue
        case .timestamp: return FieldType.timestamp.rawValue
        case .bytes: return FieldType.bytes.rawValue
        case .reference: return FieldType.reference.rawValue
        case .location: return FieldType.location.rawValue
        case .list(let t, _): return t.listTypeName
        case .other(let t, _): return t
        }
    }

    // MARK: Lenient accessors (a server may send an INT64 where a TIMESTAMP was meant, …)

    public var stringValue: String? {
        switch self {
        case .string(let s): return s
        case .reference(let r): return r.recordName
        case .other(_, let v): return v.string
        default: return nil
        }
    }

    public var int64Value: Int64? {
        switch self {
        case .int64(let i), .timestamp(let i): return i
        case .double(let d): return JSONValue.double(d).int64
        case .string(let s): return JSONValue.string(s).int64
        case .other(_, let v): return v.int64
        default: return nil
        }
    }

    public var locationValue: Location? {
        if case .location(let l) = self { return l }
        return nil
    }

    public var stringListValue: [String]? {
        switch self {
        case .list(_, let items): return items.compactMap(\.stringValue)
        case .string(let s): return [s]
        default: return nil
        }
    }
}

extension FieldValue: Codable {
    private enum CodingKeys: String, CodingKey { case value, type }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let typeName = try c.decodeIfPresent(String.self, forKey: .type)
        if let typeName, let type = FieldType(rawValue: typeName) {
            // Fast paths for the common cases.
            switch type {
            case .string:
                if let s = try? c.decode(String.self, forKey: .value) {
                    self = .string(s)
                    return
                }
            case .int64, .timestamp:
                if let i = try? c.decode(Int64.self, forKey: .value) {
                    self = type == .int64 ? .int64(i) : .timestamp(i)
                    return
                }
            default: break
            }
        }
        self = FieldValue.make(try c.decodeIfPresent(JSONValue.self, forKey: .value) ?? .null, typeName: typeName)
    }

    /// The one interpretation of a `{"value", "type"}` pair, shared by every decoder: a missing
    /// type is inferred, lists are coerced element-wise, an unknown type is kept verbatim.
    static func make(_ raw: JSONValue, typeName: String?) -> FieldValue {
        guard let typeName else { return inferred(from: raw) }
        if typeName.hasSuffix("_LIST"), let element = FieldType(rawValue: String(typeName.dropLast(5))) {
            guard case .array(let items) = raw else { return .other(type: typeName, value: raw) }
            return .list(element, items.map { coerce($0, to: element) })
        }
        guard let type = FieldType(rawValue: typeName) else { return .other(type: typeName, value: raw) }
        return coerce(raw, to: type)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .string(let s): try c.encode(s, forKey: .value)
        case .int64(let i), .timestamp(let i): try c.encode(i, forKey: .value)
        case .double(let d): try c.encode(d, forKey: .value)
        case .bytes(let b): try c.encode(b, forKey: .value)
        case .reference(let r): try c.encode(r, forKey: .value)
        case .location(let l): try c.encode(l, forKey: .value)
        case .list(_, let items): try c.encode(items.map(\.jsonValue), forKey: .value)
        case .other(_, let v): try c.encode(v, forKey: .value)
        }
        try c.encodeIfPresent(typeName, forKey: .type)
    }

    /// How deep the `value` nests on the wire (`ProtocolLimits.fieldValueNesting` bounds it).
    public var nestingDepth: Int { jsonValue.nestingDepth }

    /// The bare `value` part, as it appears inside a list.
    var jsonValue: JSONValue {
        switch self {
        case .string(let s), .bytes(let s): return .string(s)
        case .int64(let i), .timestamp(let i): return .int(i)
        case .double(let d): return .double(d)
        case .reference(let r):
            var o: [String: JSONValue] = ["recordName": .string(r.recordName)]
            if let a = r.action { o["action"] = .string(a) }
            return .object(o)
        case .location(let l): return .object(["latitude": .double(l.latitude), "longitude": .double(l.longitude)])
        case .list(_, let items): return .array(items.map(\.jsonValue))
        case .other(_, let v): return v
        }
    }

    /// A value of a declared type; a value that does not fit the type is kept as `.other`.
    static func coerce(_ raw: JSONValue, to type: FieldType) -> FieldValue {
        switch type {
        case .string:
            if case .string(let s) = raw { return .string(s) }
        case .int64:
            if let i = raw.int64 { return .int64(i) }
        case .timestamp:
            if let i = raw.int64 { return .timestamp(i) }
            if let d = raw.double, d.isFinite, abs(d) < 9.2e18 { return .timestamp(Int64(d.rounded())) }
        case .double:
            if let d = raw.double { return .double(d) }
        case .bytes:
            if case .string(let s) = raw { return .bytes(s) }
        case .reference:
            if let name = raw["recordName"]?.string {
                return .reference(Reference(recordName: name, action: raw["action"]?.string))
            }
            if case .string(let s) = raw { return .reference(Reference(recordName: s)) }
        case .location:
            if let lat = raw["latitude"]?.double, let lon = raw["longitude"]?.double {
                return .location(Location(latitude: lat, longitude: lon))
            }
        case .asset:
            break
        }
        return .other(type: type.rawValue, value: raw)
    }

    /// A value sent without `type`: guess from its JSON shape.
    static func inferred(from raw: JSONValue) -> FieldValue {
        switch raw {
        case .string(let s): return .string(s)
        case .int(let i): return .int64(i)
        case .double(let d): return .double(d)
        case .bool(let b): return .int64(b ? 1 : 0)
        case .object:
            if raw["latitude"] != nil, let l = coerce(raw, to: .location).locationValue { return .location(l) }
            if raw["recordName"] != nil { return coerce(raw, to: .reference) }
            return .other(type: nil, value: raw)
        case .array(let items):
            let values = items.map(inferred(from:))
            let element: FieldType
            switch values.first {
            case .int64?: element = .int64
            case .double?: element = .double
            default: element = .string
            }
            return .list(element, values)
        case .null:
            return .other(type: nil, value: .null)
        }
    }
}
