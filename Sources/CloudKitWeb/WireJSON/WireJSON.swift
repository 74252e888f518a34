import FoundationEssentials

/// A page of records read leniently: a record whose shape is wrong (no name, fields not an
/// object, a bad stamp) is reported in `malformed` instead of failing the whole page, so
/// sync and import count and skip it and keep the rest.
public struct RecordPage: Sendable, Hashable {
    public var records: [Record]
    public var malformed: [MalformedRecord]
    public var continuationMarker: String?
    /// `trips-cloud`'s extra member (nil from Apple's servers).
    public var database: CloudDatabaseInfo?

    public init(
        records: [Record] = [], malformed: [MalformedRecord] = [], continuationMarker: String? = nil,
        database: CloudDatabaseInfo? = nil
    ) {
        self.records = records
        self.malformed = malformed
        self.continuationMarker = continuationMarker
        self.database = database
    }
}

/// An entry of a `records` array that is not a usable record.
public struct MalformedRecord: Sendable, Hashable, CustomStringConvertible {
    /// The record's name when it had one.
    public var recordName: String?
    public var reason: String
    /// Its server modification time, when readable: the pull's watermark may pass it (the
    /// same bytes would be skipped again).
    public var modified: Int64?

    public init(recordName: String?, reason: String, modified: Int64? = nil) {
        self.recordName = recordName
        self.reason = reason
        self.modified = modified
    }

    public var description: String { "\(recordName ?? "(unnamed record)"): \(reason)" }
}

/// Fast entry points for the hot paths (bundle files, query responses).
public enum WireJSON {
    private static func withBytes<T>(
        _ data: Data, _ body: (UnsafeRawBufferPointer) throws(JSONParseError) -> T
    ) throws(JSONParseError) -> T {
        let result: Result<T, JSONParseError> = data.withUnsafeBytes { raw in
            do throws(JSONParseError) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses any JSON document.
    public static func value(_ data: Data) throws(JSONParseError) -> JSONValue {
        try withBytes(data) { (raw) throws(JSONParseError) -> JSONValue in
            var parser = JSONParser(raw)
            let value = try parser.parseValue()
            parser.skipWhitespace()
            guard parser.isAtEnd else { throw parser.fail("trailing characters") }
            return value
        }
    }

    /// Parses `{"records": [...], "continuationMarker": "…"}` (other keys ignored). The JSON
    /// must be well-formed; individual records may be malformed (see `RecordPage`).
    public static func recordPage(_ data: Data) throws(JSONParseError) -> RecordPage {
        try withBytes(data) { (raw) throws(JSONParseError) -> RecordPage in
            var parser = JSONParser(raw)
            var page = RecordPage()
            guard try parser.peek() == UInt8(ascii: "{") else { throw parser.fail("expected an object") }
            try parser.parseObject { (p, key) throws(JSONParseError) in
                switch key {
                case "records":
                    guard try p.peek() == UInt8(ascii: "[") else {
                        try p.skipValue()
                        return
                    }
                    try p.parseArray { (p) throws(JSONParseError) in
                        switch try RecordReader.read(&p) {
                        case .success(let record): page.records.append(record)
                        case .failure(let bad): page.malformed.append(bad)
                        }
                    }
                case "continuationMarker":
                    if case .string(let marker) = try p.parseValue() { page.continuationMarker = marker }
                case CloudDatabaseInfo.memberName:
                    page.database = try p.parseValue(nestingAtMost: 2).flatMap(CloudDatabaseInfo.init)
                default:
                    try p.skipValue()
                }
            }
            parser.skipWhitespace()
            guard parser.isAtEnd else { throw parser.fail("trailing characters") }
            return page
        }
    }
}

extension MalformedRecord: Error {}

/// Reads one record object directly into a `Record`, values through the same coercions as
/// the `Codable` path (`FieldValue.coerce`, `.inferred`), so both agree on every input.
enum RecordReader {
    static func read(_ p: inout JSONParser) throws(JSONParseError) -> Result<Record, MalformedRecord> {
        guard try p.peek() == UInt8(ascii: "{") else {
            let value = try p.parseValue(nestingAtMost: ProtocolLimits.fieldValueNesting)
            return .failure(MalformedRecord(recordName: nil, reason: "not an object (\(value ?? .array([])))"))
        }
        var name: String?
        var type: String?
        var tag: String?
        var fields: [String: FieldValue] = [:]
        var created: RecordStamp?
        var modified: RecordStamp?
        var deleted = false
        var zone: ZoneID?
        var problem: String?
        // Every value is read with a nesting limit: one record too deep to read is malformed,
        // never a reason to lose the page (the same bytes would fail every later sync).
        let limit = ProtocolLimits.fieldValueNesting
        func value(_ p: inout JSONParser, _ key: String) throws(JSONParseError) -> JSONValue {
            guard let v = try p.parseValue(nestingAtMost: limit) else {
                problem = problem ?? "\(key) \(p.skippedReason)"
                return .null
            }
            return v
        }
        try p.parseObject { (p, key) throws(JSONParseError) in
            switch key {
            case "recordName": name = try value(&p, key).string
            case "recordType": type = try value(&p, key).string
            case "recordChangeTag": tag = try value(&p, key).string
            case "fields":
                guard try p.peek() == UInt8(ascii: "{") else {
                    let v = try value(&p, key)
                    if v != .null { problem = "fields is not an object" }
                    return
                }
                try p.parseObject { (p, field) throws(JSONParseError) in
                    guard let read = try readFieldValue(&p) else {
                        problem = problem ?? "field \(field) \(p.skippedReason)"
                        return
                    }
                    fields[field] = read
                }
            case "created", "modified":
                let v = try value(&p, key)
                if v == .null { return }
                guard let ms = v["timestamp"]?.int64 else {
                    problem = "\(key).timestamp is not a number"
                    return
                }
                let stamp = RecordStamp(
                    timestamp: ms, userRecordName: v["userRecordName"]?.string, deviceID: v["deviceID"]?.string)
                if key == "created" { created = stamp } else { modified = stamp }
            case "deleted":
                if case .bool(let b) = try value(&p, key) { deleted = b }
            case "zoneID":
                if let zoneName = try value(&p, key)["zoneName"]?.string { zone = ZoneID(zoneName: zoneName) }
            default:
                try p.skipValue()
            }
        }
        guard let name else { return .failure(MalformedRecord(recordName: nil, reason: "missing recordName")) }
        if let problem {
            return .failure(MalformedRecord(recordName: name, reason: problem, modified: modified?.timestamp))
        }
        return .success(
            Record(
                recordName: name, recordType: type, recordChangeTag: tag, fields: fields, created: created,
                modified: modified, deleted: deleted, zoneID: zone))
    }

    /// `{"value": …, "type": "…"}` in either key order; anything else is kept as `.other`.
    /// Nil when the value nests deeper than `ProtocolLimits.fieldValueNesting` or holds a
    /// number out of range (skipped; `p.skipped` says which).
    static func readFieldValue(_ p: inout JSONParser) throws(JSONParseError) -> FieldValue? {
        let limit = ProtocolLimits.fieldValueNesting
        guard try p.peek() == UInt8(ascii: "{") else {
            return try p.parseValue(nestingAtMost: limit).map { .other(type: nil, value: $0) }
        }
        var raw: JSONValue = .null
        var typeName: String?
        var tooDeep = false
        try p.parseObject { (p, key) throws(JSONParseError) in
            switch key {
            case "value":
                if let value = try p.parseValue(nestingAtMost: limit) { raw = value } else { tooDeep = true }
            case "type": typeName = try p.parseValue(nestingAtMost: limit)?.string
            default: try p.skipValue()
            }
        }
        return tooDeep ? nil : FieldValue.make(raw, typeName: typeName)
    }
}
