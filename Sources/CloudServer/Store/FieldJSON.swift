import CloudKitWeb

/// Writes a record's `fields` object as wire JSON text, keys sorted, without going through
/// `JSONEncoder` (seeding writes ten thousand of these at start-up). Same shape as the
/// `Codable` encoding: `{"name":{"type":"STRING","value":"x"},…}`.
enum FieldJSON {
    static func encode(_ fields: [String: FieldValue]) -> String {
        var out = "{"
        for (i, key) in fields.keys.sorted().enumerated() {
            if i > 0 { out += "," }
            out += JSONText.quote(key)
            out += ":"
            write(fields[key]!, into: &out)
        }
        return out + "}"
    }

    private static func write(_ value: FieldValue, into out: inout String) {
        out += "{"
        if let type = value.typeName { out += "\"type\":" + JSONText.quote(type) + "," }
        out += "\"value\":"
        writeBare(value, into: &out)
        out += "}"
    }

    /// The `value` part (also a list element).
    private static func writeBare(_ value: FieldValue, into out: inout String) {
        switch value {
        case .string(let s), .bytes(let s): out += JSONText.quote(s)
        case .int64(let i), .timestamp(let i): out += String(i)
        case .double(let d): out += number(d)
        case .reference(let r):
            out += "{"
            if let action = r.action { out += "\"action\":" + JSONText.quote(action) + "," }
            out += "\"recordName\":" + JSONText.quote(r.recordName) + "}"
        case .location(let l): out += "{\"latitude\":\(number(l.latitude)),\"longitude\":\(number(l.longitude))}"
        case .list(_, let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                writeBare(item, into: &out)
            }
            out += "]"
        case .other(_, let json): write(json, into: &out)
        }
    }

    private static func write(_ json: JSONValue, into out: inout String) {
        switch json {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += number(d)
        case .string(let s): out += JSONText.quote(s)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (i, key) in object.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                out += JSONText.quote(key) + ":"
                write(object[key]!, into: &out)
            }
            out += "}"
        }
    }

    /// A JSON number; JSON has no NaN or infinity, so those become null.
    private static func number(_ d: Double) -> String {
        d.isFinite ? "\(d)" : "null"
    }
}
