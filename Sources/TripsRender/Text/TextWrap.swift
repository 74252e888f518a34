/// Fits text into a terminal's 80 columns. Text comes as pieces ("drive to Comerica Park",
/// "285 mi", "5.2 h") that stay whole where they can, so a line breaks between facts rather
/// than inside a venue's name; only a piece wider than a whole line is broken, at spaces if
/// it has any. Widths count characters of already terminal-safe text.
public enum TextWrap {
    /// The widest line a plan's table prints.
    public static let columns = 80

    /// `pieces` joined by `separator` into lines: the first at most `first` wide, the others at
    /// most `rest`. Never returns an empty list.
    public static func lines(_ pieces: [String], separator: String, first: Int, rest: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        func limit() -> Int { max(1, lines.isEmpty ? first : rest) }
        for piece in pieces where !piece.isEmpty {
            if line.isEmpty {
                line = piece
            } else if line.count + separator.count + piece.count <= limit() {
                line += separator + piece
            } else {
                lines.append(line)
                line = piece
            }
            // A piece wider than its line: break it (at spaces where possible).
            while line.count > limit() {
                let (head, tail) = split(line, at: limit())
                lines.append(head)
                line = tail
            }
        }
        lines.append(line)
        return lines
    }

    /// `text` in lines at most `width` wide, broken between words, the later lines indented
    /// `indent` spaces under it: a note, or a reason after a team's code.
    public static func hanging(_ text: String, width: Int? = nil, indent: Int = 6) -> [String] {
        let width = width ?? columns
        let words = text.split(separator: " ").map(String.init)
        return lines(words, separator: " ", first: width, rest: width - indent).enumerated().map {
            $0.offset == 0 ? $0.element : String(repeating: " ", count: indent) + $0.element
        }
    }

    /// The longest head of `text` that fits `width`, cut at its last space when it has one.
    private static func split(_ text: String, at width: Int) -> (String, String) {
        let head = text.prefix(width)
        if let space = head.lastIndex(of: " "), space > head.startIndex {
            return (String(text[..<space]), String(text[text.index(after: space)...]))
        }
        return (String(head), String(text.dropFirst(width)))
    }
}
