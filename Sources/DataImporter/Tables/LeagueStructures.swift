import TripsModel

/// League → conference → division trees, by sport.
enum LeagueStructures {
    static func nodes(sport: String) -> [LeagueStructure] {
        switch sport {
        case "mlb": return MLBStructure.nodes
        default: return []
        }
    }
}
