/// RFC 4180 CSV as spreadsheets and Python's `csv` module write it: records end with CRLF, LF or
/// CR; a field in double quotes may hold commas, line breaks and doubled quotes (`""`); a UTF-8
/// byte-order mark before the first field is dropped. Each record keeps the line it starts on,
/// for errors. A quote inside an unquoted field is kept as text, as spreadsheets read it.
struct CSVRecords {
    struct Record {
        /// The line (from 1) the record starts on.
        var line: Int
        var fields: [String]
        /// Whether the first field was quoted (a quoted `"#…"` is data, not a comment).
        var firstQuoted: Bool
    }

    /// A quoted field still open at the end of the text: the line it opened on.
    struct UnclosedQuote: Error {
        var line: Int
    }

    static func parse(_ text: String) throws(UnclosedQuote) -> [Record] {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false  // inside quotes now
        var fieldQuoted = false  // this field opened with a quote
        var firstQuoted = false
        var line = 1
        var recordLine = 1
        var quoteLine = 1
        var index = 0

        func endField() {
            if fields.isEmpty { firstQuoted = fieldQuoted }
            fields.append(String(field))
            field = String.UnicodeScalarView()
            fieldQuoted = false
        }
        func endRecord() {
            endField()
            records.append(Record(line: recordLine, fields: fields, firstQuoted: firstQuoted))
            fields = []
        }

        while index < scalars.count {
            let c = scalars[index]
            index += 1
            if quoted {
                if c == "\"" {
                    if index < scalars.count && scalars[index] == "\"" {
                        field.append(c)
                        index += 1
                    } else {
                        quoted = false
                    }
                    continue
                }
                field.append(c)
                // A line break inside quotes is part of the field; count it once (CRLF is one).
                if c == "\n" || (c == "\r" && (index == scalars.count || scalars[index] != "\n")) { line += 1 }
                continue
            }
            switch c {
            case "\"" where field.isEmpty && !fieldQuoted:
                quoted = true
                fieldQuoted = true
                quoteLine = line
            case ",":
                endField()
            case "\r", "\n":
                if c == "\r" && index < scalars.count && scalars[index] == "\n" { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(c)
            }
        }
        if quoted { throw UnclosedQuote(line: quoteLine) }
        if !field.isEmpty || fieldQuoted || !fields.isEmpty { endRecord() }
        return records
    }
}
