import TripsModel

/// MLB's two leagues and six divisions (`ls_mlb_al`, `ls_mlb_al_west`, …). There is no
/// conference level; teams carry `leagueId` and `divisionId`.
enum MLBStructure {
    static let nodes: [LeagueStructure] = {
        var nodes: [LeagueStructure] = []
        for (order, (code, name)) in [("al", "American League"), ("nl", "National League")].enumerated() {
            let leagueId = "ls_mlb_\(code)"
            nodes.append(
                LeagueStructure(
                    id: leagueId, sport: "mlb", kind: .league, name: name, abbreviation: code.uppercased(),
                    parentId: nil, displayOrder: order + 1))
            for (divisionOrder, division) in ["East", "Central", "West"].enumerated() {
                nodes.append(
                    LeagueStructure(
                        id: "\(leagueId)_\(division.lowercased())", sport: "mlb", kind: .division,
                        name: "\(name) \(division)", abbreviation: "\(code.uppercased()) \(division)",
                        parentId: leagueId, displayOrder: divisionOrder + 1))
            }
        }
        return nodes
    }()

    /// The division node for MLB's own name of it ("American League West").
    static func division(named name: String) -> LeagueStructure? {
        nodes.first { $0.kind == .division && $0.name == name }
    }
}
