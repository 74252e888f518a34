/// Request bytes as a log line may quote them: printable ASCII as is, everything else escaped
/// (`\n`, `\r`, `\t`, `\xHH`; `\` and `"` with a backslash), so a request cannot start a forged
/// line in the log nor colour the terminal reading it.
public enum LogText {
    public static func escaped(_ bytes: some Sequence<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"): text += "\\\\"
            case UInt8(ascii: "\""): text += "\\\""
            case UInt8(ascii: "\n"): text += "\\n"
            case UInt8(ascii: "\r"): text += "\\r"
            case UInt8(ascii: "\t"): text += "\\t"
            case 0x20...0x7E: text.unicodeScalars.append(Unicode.Scalar(byte))
            default: text += "\\x" + hex(byte)
            }
        }
        return text
    }

    public static func escaped(_ text: String) -> String { escaped(text.utf8) }

    /// Two lowercase hex digits.
    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
