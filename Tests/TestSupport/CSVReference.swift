/// A reference CSV reader (RFC 4180) independent of the writer under test.
public enum CSVReference {
    public struct Malformed: Error {}

    public static func parse(_ text: String) throws -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(text)
        chars.append("\n")
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < chars.count, chars[i + 1] == "\"" {
                        field.append("\"")
                        i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(c)
                }
            } else if c == "\"" {
                guard field.isEmpty else { throw Malformed() }
                quoted = true
            } else if c == "," {
                row.append(field)
                field = ""
            } else if c == "\r\n" || c == "\n" {
                row.append(field)
                field = ""
                if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
                row = []
            } else {
                field.append(c)
            }
            i += 1
        }
        guard !quoted else { throw Malformed() }
        return rows
    }
}
