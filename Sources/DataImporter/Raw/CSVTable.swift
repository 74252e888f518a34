/// A CSV file as rows of named cells (RFC 4180 quoting; the first row is the header).
/// Small and strict enough for the raw files, none of which is larger than a few MB.
struct CSVTable: Sendable {
    let header: [String]
    let rows: [[String]]

    init(text: String, separator: Character = ",") {
        var records = CSVTable.parse(text, separator: separator)
        header = records.isEmpty ? [] : records.removeFirst()
        rows = records.filter { !($0.count == 1 && $0[0].isEmpty) }
    }

    /// Rows as dictionaries keyed by header name; missing cells read as "".
    var records: [[String: String]] {
        rows.map { row in
            var record: [String: String] = [:]
            for (i, name) in header.enumerated() { record[name] = i < row.count ? row[i] : "" }
            return record
        }
    }

    static func parse(_ text: String, separator: Character) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var iterator = text.makeIterator()
        var pending: Character? = nil
        while let c = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" {
                            cell.append("\"")
                        } else {
                            quoted = false
                            pending = next
                        }
                    } else {
                        quoted = false
                    }
                } else {
                    cell.append(c)
                }
            } else if c == "\"" && cell.isEmpty {
                quoted = true
            } else if c == separator {
                row.append(cell)
                cell = ""
            } else if c == "\n" || c == "\r\n" || c == "\r" {
                row.append(cell)
                rows.append(row)
                row = []
                cell = ""
            } else {
                cell.append(c)
            }
        }
        if !cell.isEmpty || !row.isEmpty {
            row.append(cell)
            rows.append(row)
        }
        return rows
    }
}
