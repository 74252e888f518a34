import LeagueFeeds
import TripsModel

/// The cloud's teams of each league by every name a feed may use: abbreviation, full name,
/// "city nickname", nickname, city, and each alias (former names and codes). A name two teams
/// of one league share resolves to neither: a game is never filed under a guessed team.
struct TeamDirectory {
    /// League → search key → team ids.
    private var byKey: [String: [String: Set<String>]] = [:]
    /// Team id → league, for aliases (which name a team, not a league).
    private var leagueOf: [String: String] = [:]

    init(teams: [Team], aliases: [TeamAlias]) {
        for team in teams {
            leagueOf[team.id] = team.sport
            for name in [team.abbreviation, team.name, "\(team.city) \(team.nickname)", team.nickname, team.city] {
                add(name, team.id, team.sport)
            }
        }
        for alias in aliases {
            guard let league = leagueOf[alias.teamId] else { continue }
            add(alias.value, alias.teamId, league)
        }
    }

    private mutating func add(_ name: String, _ id: String, _ league: String) {
        let key = NameKey.match(name)
        guard !key.isEmpty else { return }
        byKey[league, default: [:]][key, default: []].insert(id)
    }

    func hasTeams(of league: String) -> Bool { byKey[league] != nil }

    /// The team a feed names, trying its most specific name first; nil when none, or more than
    /// one, of the league's teams goes by it.
    func resolve(_ team: FeedTeam, league: String) -> String? {
        guard let keys = byKey[league] else { return nil }
        let names = [team.abbreviation, team.name, team.location.map { "\($0) \(team.name)" }, team.location]
        for name in names.compactMap({ $0 }) {
            if let ids = keys[NameKey.match(name)], ids.count == 1 { return ids.first }
        }
        return nil
    }
}
