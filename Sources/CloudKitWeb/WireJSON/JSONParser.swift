import FoundationEssentials

/// Why bytes are not the JSON expected.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    /// The bytes may be fine: a value nests deeper than the reader's limit.
    public var isTooDeep = false
    /// Well-formed, but a number no Double holds (`1e400`): never read as infinity.
    public var isOutOfRange = false

    /// One value cannot be read, though the document around it can: the value is skipped and
    /// the record holding it is malformed.
    var isUnreadableValue: Bool { isTooDeep || isOutOfRange }

    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// A small, fast JSON reader over UTF-8 bytes (RFC 8259). Foundation's decoder spends most of
/// its time on generic `Codable` machinery; records are the hot path of bundle import and
/// sync, so they are read here directly. Produces `JSONValue`s; `RecordReader` builds records.
struct JSONParser {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    func fail(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next non-space byte, not consumed.
    mutating func peek() throws(JSONParseError) -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end") }
        return bytes[index]
    }

    mutating func expect(_ byte: UInt8) throws(JSONParseError) {
        guard try peek() == byte else { throw fail("expected '\(Character(UnicodeScalar(byte)))'") }
        index += 1
    }

    /// Consumes `byte` if it is next.
    mutating func consume(_ byte: UInt8) throws(JSONParseError) -> Bool {
        if try peek() == byte {
            index += 1
            return true
        }
        return false
    }

    /// The most arrays and objects a document may nest (the parser recurses once per level).
    static let documentNesting = 200

    /// Parses one value. `depth` counts the containers around it; a container nested deeper
    /// than `limit` fails with `isTooDeep`.
    mutating func parseValue(depth: Int = 0, limit: Int = JSONParser.documentNesting) throws(JSONParseError)
        -> JSONValue
    {
        switch try peek() {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "{"):
            guard depth < limit else { throw tooDeep(limit) }
            var object: [String: JSONValue] = [:]
            try parseObject { (parser, key) throws(JSONParseError) in
                object[key] = try parser.parseValue(depth: depth + 1, limit: limit)
            }
            return .object(object)
        case UInt8(ascii: "["):
            guard depth < limit else { throw tooDeep(limit) }
            var array: [JSONValue] = []
            try parseArray { (parser) throws(JSONParseError) in
                array.append(try parser.parseValue(depth: depth + 1, limit: limit))
            }
            return .array(array)
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default: return try parseNumber()
        }
    }

    /// Calls `body` for each key; `body` must consume the value.
    mutating func parseObject(_ body: (inout JSONParser, String) throws(JSONParseError) -> Void) throws(JSONParseError)
    {
        try expect(UInt8(ascii: "{"))
        if try consume(UInt8(ascii: "}")) { return }
        while true {
            guard try peek() == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try parseString()
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
            if try consume(UInt8(ascii: ",")) { continue }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    /// Calls `body` for each element; `body` must consume it.
    mutating func parseArray(_ body: (inout JSONParser) throws(JSONParseError) -> Void) throws(JSONParseError) {
        try expect(UInt8(ascii: "["))
        if try consume(UInt8(ascii: "]")) { return }
        while true {
            try body(&self)
            if try consume(UInt8(ascii: ",")) { continue }
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    private func tooDeep(_ limit: Int) -> JSONParseError {
        var error = fail("nesting deeper than \(limit) levels")
        error.isTooDeep = true
        return error
    }

    /// Why the last `parseValue(nestingAtMost:)` that answered nil skipped its value.
    var skipped: JSONParseError?

    /// One value nesting at most `limit` containers, or nil when it nests deeper or holds a
    /// number out of range (then it is skipped, so the caller can go on with what follows it,
    /// and `skipped` says why).
    mutating func parseValue(nestingAtMost limit: Int) throws(JSONParseError) -> JSONValue? {
        let start = index
        do {
            return try parseValue(limit: limit)
        } catch  where error.isUnreadableValue {
            index = start
            try skipValue()
            skipped = error
            return nil
        }
    }

    /// What a skipped value is, for the record's "malformed" reason.
    var skippedReason: String {
        skipped?.isOutOfRange == true
            ? "holds a number out of range" : "nests deeper than \(ProtocolLimits.fieldValueNesting) levels"
    }

    /// Skips one value of any kind and any depth, without recursion: a value too deep to
    /// read must still be stepped over to reach the records after it.
    mutating func skipValue() throws(JSONParseError) {
        var closers: [UInt8] = []
        repeat {
            let byte = try peek()
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                closers.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard closers.last == byte else { throw fail("unbalanced '\(Character(UnicodeScalar(byte)))'") }
                closers.removeLast()
                index += 1
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                guard !closers.isEmpty else { throw fail("expected a value") }
                index += 1
            case UInt8(ascii: "\""):
                _ = try parseString()
            default:
                // A literal or a number; one out of range is still stepped over.
                do { _ = try parseValue() } catch  where error.isOutOfRange {}
            }
        } while !closers.isEmpty
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end") }
        let expected = UnsafeRawBufferPointer(start: word.utf8Start, count: count)
        for i in 0..<count where bytes[index + i] != expected[i] { throw fail("invalid literal") }
        index += count
    }

    mutating func parseString() throws(JSONParseError) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw fail("control character in string") }
            index += 1
        }
        guard index < bytes.count else { throw fail("unterminated string") }
        var out = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let b = bytes[index]
            index += 1
            switch b {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw fail("unterminated escape") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A surrogate pair.
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw fail("lone surrogate") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("bad surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw fail("lone surrogate")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw fail("bad code point") }
                    out.append(contentsOf: Array(String(u).utf8))
                default: throw fail("bad escape")
                }
            default:
                if b < 0x20 { throw fail("control character in string") }
                out.append(b)
            }
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            index += 1
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw fail("bad hex digit")
            }
            v = v << 4 | d
        }
        return v
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        guard index > digitsStart else { throw fail("expected a value") }
        if bytes[digitsStart] == 0x30, index - digitsStart > 1 { throw fail("leading zero") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fractionStart = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > fractionStart else { throw fail("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            let expStart = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > expStart else { throw fail("expected exponent digits") }
        }
        let text = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        if isInteger, index - digitsStart <= 18 {
            var value: Int64 = 0
            for b in text where b != UInt8(ascii: "-") { value = value * 10 + Int64(b - 0x30) }
            return .int(bytes[start] == UInt8(ascii: "-") ? -value : value)
        }
        let string = String(decoding: text, as: UTF8.self)
        // 19 digits may still be an Int64 (Int64.max, Int64.min): exact, not through a Double.
        if isInteger, let i = Int64(string) { return .int(i) }
        guard let d = Double(string) else { throw fail("bad number") }
        guard d.isFinite else {
            var error = fail("number out of range")
            error.isOutOfRange = true
            throw error
        }
        return .double(d)
    }
}
