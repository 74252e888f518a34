import InputText
import SQLite
import TripsModel

extension DataProvider {
    /// A division (`conference: false`) or conference of `sport` by its name or short name
    /// ("Atlantic", "East Atlantic", "AL West", "East"). For MLB the American and National
    /// Leagues are its conferences.
    public func resolveGroup(_ input: String, conference: Bool, sport: String) throws -> LeagueStructure {
        let nodes = try leagueStructures(sport: sport).filter { node in
            conference
                ? node.kind == .conference || (node.kind == .league && node.parentId != nil) : node.kind == .division
        }.sorted { ($0.displayOrder, $0.name) < ($1.displayOrder, $1.name) }
        let key = SearchKey.normalize(input)
        let names = { (node: LeagueStructure) in [node.name, node.abbreviation].map(SearchKey.normalize) }
        if let node = nodes.first(where: { names($0).contains(key) }) { return node }
        let suggestions = nodes.filter { names($0).contains { EditDistance.isPlausible(key, $0) } }
        throw ResolutionError.unknownGroup(
            input, kind: conference ? "conference" : "division", sport: sport,
            suggestions: suggestions.map(\.abbreviation), known: nodes.map(\.abbreviation))
    }

    /// The regular seasons of `sport` with at least one result, oldest first.
    public func seasonsWithResults(sport: String) throws -> [String] {
        try database.rows(
            """
            SELECT DISTINCT season FROM games WHERE sport = ? AND home_score IS NOT NULL
                AND season_type = 'regular' AND deprecated_at_ms IS NULL ORDER BY season
            """, [.text(sport)]
        ) { $0.string(0) }
    }

    /// The sports with at least one result.
    public func sportsWithResults() throws -> [String] {
        try database.rows(
            "SELECT DISTINCT sport FROM games WHERE home_score IS NOT NULL AND deprecated_at_ms IS NULL ORDER BY sport"
        ) { $0.string(0) }
    }
}
