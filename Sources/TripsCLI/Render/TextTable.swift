import TripsModel

/// Aligned plain-text columns. Widths are measured on the unstyled text, so colour never
/// breaks alignment. Cells are escaped for the terminal (`TerminalText`): they hold names and
/// reasons from the cloud.
package struct TextTable {
    package var headers: [String]
    package var rows: [[String]] = []
    /// Columns aligned right (numbers).
    package var rightAligned: Set<Int> = []

    package init(headers: [String], rows: [[String]] = [], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rows = rows
        self.rightAligned = rightAligned
    }

    package mutating func add(_ row: [String]) { rows.append(row) }

    package func render(style: Style) -> String {
        let headers = headers.map(\.terminalSafe)
        let rows = rows.map { $0.map(\.terminalSafe) }
        var widths = headers.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String], styled: (String) -> String = { $0 }) -> String {
            var parts: [String] = []
            for (i, cell) in cells.enumerated() {
                let isLast = i == cells.count - 1
                let pad = String(repeating: " ", count: max(0, widths[i] - cell.count))
                if rightAligned.contains(i) {
                    parts.append(pad + styled(cell))
                } else {
                    parts.append(styled(cell) + (isLast ? "" : pad))
                }
            }
            return parts.joined(separator: "  ")
        }
        var out = line(headers, styled: style.bold) + "\n"
        for row in rows { out += line(row) + "\n" }
        return out
    }
}
