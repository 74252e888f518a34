import FoundationEssentials

/// A league season's standings from the results in hand: regular-season games over with both
/// scores, counted by the league's rules and grouped as the league groups its teams. Pure: the
/// games, teams and league tree come in, the clock too (what "should be over" means).
public struct Standings: Sendable, Hashable {
    /// One division or conference, its teams in the table's order.
    public struct Group: Sendable, Hashable {
        /// The league-structure node; nil for teams the tree does not place.
        public var id: String?
        public var name: String
        /// The conference (or MLB league) above a division; nil at the top.
        public var parentName: String?
        public var records: [TeamRecord]
    }

    public var sport: String
    public var season: String
    public var rules: StandingsRules
    public var groups: [Group]
    /// The last game counted (its start): the table is "as of" its venue-local day.
    public var lastCounted: Game?
    public var coverage: StandingsCoverage

    /// `within`: a conference or division id; only its teams are listed (coverage stays the
    /// league's). `byDivision`: group by division rather than conference.
    public init(
        sport: String, season: String, rules: StandingsRules, games: [Game], teams: [Team],
        structure: [LeagueStructure], now: Date, within: String? = nil, byDivision: Bool
    ) {
        self.sport = sport
        self.season = season
        self.rules = rules
        let format = SeasonFormat.of(sport, season: season)
        var coverage = StandingsCoverage(fullSeason: format?.games)
        var records: [String: TeamRecord] = [:]
        var last: Game?
        for game in games where game.seasonType == .regular && game.status != .cancelled {
            coverage.scheduled += 1
            for id in [game.homeTeamId, game.awayTeamId] where records[id] == nil {
                records[id] = TeamRecord(teamId: id)
            }
            guard game.status.isOver, let home = game.homeScore, let away = game.awayScore else {
                let due = game.status == .scheduled ? game.reportedStatus(asOf: now) == .unknown : game.status.isOver
                if due { coverage.missingResults += 1 } else { coverage.toPlay += 1 }
                continue
            }
            if home == away && !rules.hasTies {
                coverage.unreadable += 1
                continue
            }
            coverage.counted += 1
            if last.map({ game.startTime >= $0.startTime }) ?? true { last = game }
            records[game.homeTeamId]?.count(for: home, against: away, game.decidedIn, rules)
            records[game.awayTeamId]?.count(for: away, against: home, game.decidedIn, rules)
        }
        self.coverage = coverage
        lastCounted = last
        let tree = LeagueTree(structure)
        let teamById = Dictionary(teams.map { ($0.id, $0) }) { first, _ in first }
        var grouped: [String?: [TeamRecord]] = [:]
        for record in records.values {
            let team = teamById[record.teamId]
            if let within, !tree.places(team, within: within) { continue }
            grouped[tree.group(of: team, byDivision: byDivision), default: []].append(record)
        }
        groups = grouped.map { id, members in
            let node = id.flatMap { tree.nodes[$0] }
            let parent = node?.parentId.flatMap { tree.nodes[$0] }
            return Group(
                id: id, name: node?.name ?? "Other teams", parentName: parent?.parentId == nil ? nil : parent?.name,
                records: members.sorted { Self.precedes($0, $1, rules, names: teamById) })
        }.sorted { a, b in
            let (x, y) = (tree.order(a.id), tree.order(b.id))
            return x != y ? x.lexicographicallyPrecedes(y) : a.name < b.name
        }
    }

    /// The table's order (`StandingsRules.orderNote`); the team's name settles the rest, so the
    /// order never depends on the order games came in.
    static func precedes(_ a: TeamRecord, _ b: TeamRecord, _ rules: StandingsRules, names: [String: Team]) -> Bool {
        func share(_ r: TeamRecord) -> Double {
            r.gamesPlayed == 0 ? 0 : Double(r.minimumPoints(rules)) / Double(r.gamesPlayed)
        }
        let keys: [(Double, Double)]
        switch rules {
        case .hockey:
            keys = [
                (Double(a.minimumPoints(rules)), Double(b.minimumPoints(rules))), (share(a), share(b)),
                (Double(a.wins), Double(b.wins)),
            ]
        case .soccer:
            keys = [
                (Double(a.minimumPoints(rules)), Double(b.minimumPoints(rules))), (Double(a.wins), Double(b.wins)),
                (Double(a.goalDifference), Double(b.goalDifference)),
            ]
        case .football, .winLoss:
            keys = [(a.percentage(rules) ?? 0, b.percentage(rules) ?? 0), (Double(a.wins), Double(b.wins))]
        }
        for (x, y) in keys where x != y { return x > y }
        let (nameA, nameB) = (names[a.teamId]?.name ?? a.teamId, names[b.teamId]?.name ?? b.teamId)
        return nameA != nameB ? nameA < nameB : a.teamId < b.teamId
    }

    /// Every team listed, in the groups' order.
    public var records: [TeamRecord] { groups.flatMap(\.records) }
}

extension TeamRecord {
    mutating func count(for own: Int, against other: Int, _ decidedIn: Game.DecidedIn?, _ rules: StandingsRules) {
        gamesPlayed += 1
        goalsFor += own
        goalsAgainst += other
        if own > other {
            wins += 1
        } else if own == other {
            ties += 1
        } else if rules != .hockey {
            losses += 1
        } else {
            switch decidedIn {
            case .regulation: losses += 1
            case .overtime, .shootout: knownOTLosses += 1
            // Overtime ends at the first goal and a shootout adds one: only a one-goal loss can be either.
            case nil: if other - own >= 2 { losses += 1 } else { undecidedLosses += 1 }
            }
        }
    }
}

/// A league's conference and division tree, by id: where a team belongs and the order the
/// league lists its groups in.
struct LeagueTree {
    var nodes: [String: LeagueStructure]

    init(_ structure: [LeagueStructure]) {
        nodes = Dictionary(structure.map { ($0.id, $0) }) { first, _ in first }
    }

    /// The node and the nodes above it.
    func lineage(_ id: String?) -> [LeagueStructure] {
        var out: [LeagueStructure] = []
        var next = id
        while let id = next, let node = nodes[id], !out.contains(where: { $0.id == id }) {
            out.append(node)
            next = node.parentId
        }
        return out
    }

    func places(_ team: Team?, within id: String) -> Bool {
        guard let team else { return false }
        return [team.divisionId, team.conferenceId, team.leagueId].contains { lineage($0).contains { $0.id == id } }
    }

    /// The team's division, else its conference (for MLB, the American or National League:
    /// the node above the division that is not the whole league).
    func group(of team: Team?, byDivision: Bool) -> String? {
        guard let team else { return nil }
        if byDivision, let division = team.divisionId { return division }
        if let conference = team.conferenceId { return conference }
        let above = lineage(team.divisionId ?? team.leagueId).dropFirst(team.divisionId == nil ? 0 : 1)
        return above.first { $0.parentId != nil }?.id ?? team.divisionId ?? team.leagueId
    }

    /// The league's display order of a group: its parent's place, then its own.
    func order(_ id: String?) -> [Int] {
        guard let id, nodes[id] != nil else { return [Int.max] }
        return lineage(id).reversed().map(\.displayOrder)
    }
}
