/// The nesting depth of JSON text, measured without parsing it (strings are stepped over):
/// lets the server find stored records that no client can read (`ProtocolLimits.fieldValueNesting`)
/// without decoding them.
public enum JSONNesting {
    /// How many arrays and objects nest at the deepest point of `text` (well-formed JSON).
    public static func depth(of text: String) -> Int {
        var depth = 0
        var deepest = 0
        forEachBracket(in: text) { byte, _ in
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
                deepest = max(deepest, depth)
            } else {
                depth -= 1
            }
        }
        return deepest
    }

    /// Calls `visit` with each bracket (`{ [ } ]`) of `text` outside strings and its 1-based
    /// line: the one scan both the depth and a reader's error lines (`--drive-times`) need.
    public static func forEachBracket(in text: String, _ visit: (_ byte: UInt8, _ line: Int) -> Void) {
        var line = 1
        var inString = false
        var escaped = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "}"), UInt8(ascii: "]"): visit(byte, line)
            default: break
            }
        }
    }

    /// Whether a record's stored `fields` object (`{"name": {"type": …, "value": …}}`) holds a
    /// value nesting deeper than the protocol allows, i.e. a record clients skip as malformed.
    public static func fieldsAreUnreadable(_ fieldsJSON: String) -> Bool {
        depth(of: fieldsJSON) - 2 > ProtocolLimits.fieldValueNesting
    }
}
