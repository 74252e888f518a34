import FoundationEssentials

/// Any JSON value, kept as it came: the wire format is tolerant, so values of unknown
/// `type`s and unexpected shapes are carried through instead of rejected.
public indirect enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int64.self) {
            self = .int(i)
        } else if let d = try? c.decode(Double.self) {
            self = .double(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .int(let i): try c.encode(i)
        case .double(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// Numbers (and numeric strings: `numbersAsStrings`) as Int64, when exact.
    public var int64: Int64? {
        switch self {
        case .int(let i): return i
        case .double(let d): return d.rounded() == d && abs(d) < 9.2e18 ? Int64(d) : nil
        case .string(let s): return Int64(s) ?? Double(s).flatMap { JSONValue.double($0).int64 }
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    /// Numbers (and numeric strings) as Double.
    public var double: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        case .string(let s): return Double(s)
        default: return nil
        }
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}

extension JSONValue {
    /// How many arrays and objects nest at the deepest point (a scalar is 0, `[]` is 1, `[[1]]`
    /// is 2): what `ProtocolLimits.fieldValueNesting` bounds. Iterative, so a hostile value
    /// cannot exhaust the stack while being measured.
    public var nestingDepth: Int {
        var deepest = 0
        var pending: [(JSONValue, Int)] = [(self, 0)]
        while let (value, depth) = pending.popLast() {
            switch value {
            case .array(let items):
                deepest = max(deepest, depth + 1)
                pending += items.map { ($0, depth + 1) }
            case .object(let members):
                deepest = max(deepest, depth + 1)
                pending += members.values.map { ($0, depth + 1) }
            default:
                continue
            }
        }
        return deepest
    }
}
