import FoundationEssentials
import Glibc
import OutputText
import TripsModel

/// RFC 4180 CSV: comma-separated, CRLF line ends, fields quoted when they hold a comma,
/// quote, line break or any other control or bidi character (so the value is kept whole and
/// stands out), quotes doubled.
struct CSVWriter {
    private(set) var text = ""

    mutating func row(_ fields: [String]) {
        text += fields.map(CSVWriter.escape).joined(separator: ",") + "\r\n"
    }

    static func escape(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || TerminalText.isUnsafe($0) }) else {
            return field
        }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
