import Foundation

/// RFC 4180 CSV: comma-separated, CRLF line ends, fields quoted when they hold a comma,
/// quote or line break, quotes doubled.
struct CSVWriter {
    private(set) var text = ""

    mutating func row(_ fields: [String]) {
        text += fields.map(CSVWriter.escape).joined(separator: ",") + "\r\n"
    }

    static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
