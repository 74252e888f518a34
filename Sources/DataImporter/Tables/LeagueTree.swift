import TripsModel

/// One league's structure (league → conference → division) and where each club sits in it.
struct LeagueTree: Sendable {
    struct Conference: Sendable {
        var code: String
        var name: String
        var abbreviation: String
        /// Division names, and the league codes of the clubs in each.
        var divisions: [(name: String, teams: [String])]
        /// Clubs of a conference without divisions (WNBA, MLS).
        var teams: [String] = []
    }

    let sport: String
    let nodes: [LeagueStructure]
    private let placement: [String: (conference: String, division: String?)]

    /// `ls_<sport>` (league), `ls_<sport>_<conference>`, `ls_<sport>_<conference>_<division>`.
    init(sport: String, name: String, abbreviation: String, conferences: [Conference]) {
        self.sport = sport
        let root = "ls_\(sport)"
        var nodes = [
            LeagueStructure(
                id: root, sport: sport, kind: .league, name: name, abbreviation: abbreviation, parentId: nil,
                displayOrder: 1)
        ]
        var placement: [String: (String, String?)] = [:]
        for (c, conference) in conferences.enumerated() {
            let conferenceId = "\(root)_\(conference.code)"
            nodes.append(
                LeagueStructure(
                    id: conferenceId, sport: sport, kind: .conference, name: conference.name,
                    abbreviation: conference.abbreviation, parentId: root, displayOrder: c + 1))
            for team in conference.teams { placement[team] = (conferenceId, nil) }
            for (d, division) in conference.divisions.enumerated() {
                let divisionId = "\(conferenceId)_\(NameKey.slug(division.name))"
                nodes.append(
                    LeagueStructure(
                        id: divisionId, sport: sport, kind: .division,
                        name: "\(conference.abbreviation) \(division.name)",
                        abbreviation: division.name, parentId: conferenceId, displayOrder: d + 1))
                for team in division.teams { placement[team] = (conferenceId, divisionId) }
            }
        }
        self.nodes = nodes
        self.placement = placement
    }

    var leagueId: String { "ls_\(sport)" }

    /// Puts a club into the tree; a club the tree does not list keeps no conference.
    func place(_ team: TeamEntry) -> TeamEntry {
        var team = team
        team.leagueId = leagueId
        if let p = placement[team.code] {
            team.conferenceId = p.conference
            team.divisionId = p.division
        }
        return team
    }

    func contains(_ code: String) -> Bool { placement[code] != nil }
}
