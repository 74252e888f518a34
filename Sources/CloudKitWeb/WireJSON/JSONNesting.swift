/// The nesting depth of JSON text, measured without parsing it (strings are stepped over):
/// lets the server find stored records that no client can read (`ProtocolLimits.fieldValueNesting`)
/// without decoding them.
public enum JSONNesting {
    /// How many arrays and objects nest at the deepest point of `text` (well-formed JSON).
    public static func depth(of text: String) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in text.utf8 {
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
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// Whether a record's stored `fields` object (`{"name": {"type": …, "value": …}}`) holds a
    /// value nesting deeper than the protocol allows, i.e. a record clients skip as malformed.
    public static func fieldsAreUnreadable(_ fieldsJSON: String) -> Bool {
        depth(of: fieldsJSON) - 2 > ProtocolLimits.fieldValueNesting
    }
}
