import OutputText
import TripsModel

/// Aligned plain-text columns. Widths are measured on the unstyled text in terminal columns
/// (`displayWidth`), so colour and wide characters never break alignment. Cells are escaped
/// for the terminal (`TerminalText`): they hold names and reasons from the cloud.
package struct TextTable {
    package var headers: [String]
    package var rows: [[String]] = []
    /// Columns aligned right (numbers).
    package var rightAligned: Set<Int> = []

    /// A column that may be cut short ("Oriole Park at Camde…") to fit a width, never below
    /// `minimum` columns.
    package struct Shrink {
        package var column: Int
        package var minimum: Int

        package init(column: Int, minimum: Int) {
            self.column = column
            self.minimum = minimum
        }
    }

    package init(headers: [String], rows: [[String]] = [], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rows = rows
        self.rightAligned = rightAligned
    }

    package mutating func add(_ row: [String]) { rows.append(row) }

    /// Each column's width in full: its widest cell or header, from the cells' own widths.
    private static func widths(_ headers: [Int], _ rows: [[Int]]) -> [Int] {
        var widths = headers
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell) }
        }
        return widths
    }

    /// The columns the table takes in full (two spaces between columns).
    package var width: Int {
        let widths = Self.widths(
            headers.map(\.terminalSafe.displayWidth), rows.map { $0.map(\.terminalSafe.displayWidth) })
        return widths.reduce(0, +) + 2 * max(0, widths.count - 1)
    }

    /// The table, within `columns` when given: too wide, the `shrinking` columns are cut in
    /// their order, each as far as needed down to its minimum (what still does not fit stays).
    package func render(style: Style, within columns: Int? = nil, shrinking: [Shrink] = []) -> String {
        let headers = headers.map(\.terminalSafe)
        var rows = rows.map { $0.map(\.terminalSafe) }
        let headerWidths = headers.map(\.displayWidth)
        // Each cell's width, measured once.
        var cellWidths = rows.map { $0.map(\.displayWidth) }
        var widths = Self.widths(headerWidths, cellWidths)
        if let columns {
            var excess = widths.reduce(0, +) + 2 * max(0, widths.count - 1) - columns
            for shrink in shrinking where excess > 0 && shrink.column < widths.count {
                let floor = max(shrink.minimum, headerWidths[shrink.column])
                let cut = min(excess, max(0, widths[shrink.column] - floor))
                widths[shrink.column] -= cut
                excess -= cut
            }
            for r in rows.indices {
                for i in rows[r].indices where i < widths.count && cellWidths[r][i] > widths[i] {
                    rows[r][i] = rows[r][i].truncated(toColumns: widths[i])
                    cellWidths[r][i] = rows[r][i].displayWidth
                }
            }
        }
        func line(_ cells: [String], _ cellWidths: [Int], styled: (String) -> String = { $0 }) -> String {
            var parts: [String] = []
            for (i, cell) in cells.enumerated() {
                let isLast = i == cells.count - 1
                let pad = String(repeating: " ", count: max(0, (i < widths.count ? widths[i] : 0) - cellWidths[i]))
                if rightAligned.contains(i) {
                    parts.append(pad + styled(cell))
                } else {
                    parts.append(styled(cell) + (isLast ? "" : pad))
                }
            }
            return parts.joined(separator: "  ")
        }
        var out = line(headers, headerWidths, styled: style.bold) + "\n"
        for (row, rowWidths) in zip(rows, cellWidths) { out += line(row, rowWidths) + "\n" }
        return out
    }
}
