import Foundation

/// The arrows of the module-graph diagram in ARCHITECTURE.md. The diagram is drawn, not listed,
/// so reading it follows the drawing: `A ─► B` is an arrow from A; after `B` another `─► C` is
/// one from B; `A ─┬─► B` opens a branch whose `├─►`/`└─►` rows below (same column) are arrows
/// from A; `A ─► B, C` are two arrows from A, and a row ending in a comma goes on in the next.
/// Text in parentheses is a remark.
struct ModuleDiagram {
    struct Arrow: Hashable, CustomStringConvertible {
        var from: String
        var to: String
        var description: String { "\(from) ─► \(to)" }
    }

    struct DrawingError: Error, CustomStringConvertible {
        var description: String
    }

    var arrows: Set<Arrow> = []

    /// The first fenced block after the "## Module graph" heading.
    static func load() throws -> ModuleDiagram {
        let text = try String(
            contentsOf: PackageManifest.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        guard let heading = text.range(of: "## Module graph"),
            let open = text[heading.upperBound...].range(of: "```\n"),
            let close = text[open.upperBound...].range(of: "```")
        else { throw DrawingError(description: "no ``` block under ## Module graph in ARCHITECTURE.md") }
        return try ModuleDiagram(drawing: String(text[open.upperBound..<close.lowerBound]))
    }

    init(drawing: String) throws {
        var branches: [Int: String] = [:]  // column of a ┬ → the module it branches from
        var carried: String?  // the source of a list a row's trailing comma continues
        for (number, row) in drawing.split(separator: "\n").enumerated() {
            let cells = Array(Self.withoutRemarks(row))
            func fail(_ what: String) -> DrawingError {
                DrawingError(description: "row \(number + 1): \(what)\n\(row)")
            }
            var source = carried  // where the next arrow starts
            var expectsTarget = carried != nil
            var lastName: String?
            var column = 0
            while column < cells.count {
                let cell = cells[column]
                if Self.isNameCharacter(cell) {
                    var end = column
                    while end < cells.count, Self.isNameCharacter(cells[end]) { end += 1 }
                    let name = String(cells[column..<end])
                    if expectsTarget {
                        guard let source else { throw fail("\(name) has no arrow into it") }
                        arrows.insert(Arrow(from: source, to: name))
                        expectsTarget = false
                    }
                    lastName = name
                    column = end
                    continue
                }
                switch cell {
                case "─", "┬":
                    if let name = lastName {
                        source = name
                        lastName = nil
                    }
                    if cell == "┬" {
                        guard let source else { throw fail("a branch from nothing") }
                        branches[column] = source
                    }
                case "├", "└", "│":
                    guard let owner = branches[column] else { throw fail("\(cell) under no ┬ at column \(column)") }
                    if cell != "│" { source = owner }
                    if cell == "└" { branches[column] = nil }
                case "►":
                    guard source != nil else { throw fail("an arrow from nothing") }
                    expectsTarget = true
                case ",":
                    expectsTarget = true
                case " ":
                    break
                default:
                    throw fail("unexpected \(cell)")
                }
                column += 1
            }
            carried = cells.last(where: { $0 != " " }) == "," ? source : nil
        }
        if let open = branches.first {
            throw DrawingError(description: "the branch from \(open.value) at column \(open.key) is never closed (└)")
        }
    }

    private static func isNameCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_")
    }

    /// The row with each `(…)` blanked, keeping columns.
    private static func withoutRemarks(_ row: Substring) -> String {
        var depth = 0
        return String(
            row.map { c -> Character in
                if c == "(" { depth += 1 }
                defer { if c == ")" { depth -= 1 } }
                return depth > 0 || c == ")" ? " " : c
            })
    }
}
