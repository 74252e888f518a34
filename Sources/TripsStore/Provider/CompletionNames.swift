import FoundationEssentials
import SQLite

/// What a shell offers on TAB for values only the store knows. Each is one small query of the
/// columns it needs — no model values, aliases or zones are loaded — because the shell waits
/// for it between two keystrokes. `sports` narrows to the sports already typed; a filter that
/// matches nothing (`--sport baseball`) narrows nothing.
extension DataProvider {
    /// Live sports' ids (`mlb`), as `--sport` takes them.
    public func sportIdentifiers() throws -> [String] {
        try database.rows("SELECT sport_id FROM sports WHERE deprecated_at_ms IS NULL ORDER BY sport_id") {
            $0.string(0)
        }
    }

    /// Live teams' codes, then their nicknames and full names, each once.
    public func teamNames(sports: Set<String>) throws -> [String] {
        let rows = try database.rows(
            "SELECT sport, abbreviation, nickname, name FROM teams WHERE deprecated_at_ms IS NULL"
        ) { (sport: $0.string(0), names: [$0.string(1), $0.string(2), $0.string(3)]) }
        let teams = Self.narrowed(rows, to: sports) { [$0.sport] }
        return Self.unique(teams.map { $0.names[0] }.sorted() + teams.flatMap { $0.names.dropFirst() }.sorted())
    }

    /// Live venues' current names.
    public func stadiumNames(sports: Set<String>) throws -> [String] {
        let rows = try database.rows("SELECT name, sports FROM stadiums WHERE deprecated_at_ms IS NULL") {
            (name: $0.string(0), sports: $0.string(1).split(separator: ",").map(String.init))
        }
        return Self.unique(Self.narrowed(rows, to: sports, by: \.sports).map(\.name).sorted())
    }

    /// The seasons live games belong to (`2026`, `2025-26`), newest first.
    public func seasonNames(sports: Set<String>) throws -> [String] {
        let rows = try database.rows("SELECT DISTINCT sport, season FROM games WHERE deprecated_at_ms IS NULL") {
            (sport: $0.string(0), season: $0.string(1))
        }
        return Self.unique(Self.narrowed(rows, to: sports) { [$0.sport] }.map(\.season).sorted(by: >))
    }

    private static func narrowed<Row>(_ rows: [Row], to sports: Set<String>, by rowSports: (Row) -> [String])
        -> [Row]
    {
        let matching = rows.filter { !sports.isDisjoint(with: rowSports($0)) }
        return matching.isEmpty ? rows : matching
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
