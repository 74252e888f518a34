import FoundationEssentials
import TripsModel

/// A team found from user input, and how: the CLI tells the user when a former name was used.
public struct TeamMatch: Sendable, Hashable {
    public enum Via: Sendable, Hashable {
        case id, abbreviation, name, nickname, city, cityAndNickname
        case alias(TeamAlias)
    }

    public var team: Team
    public var via: Via

    /// "OAK is a former code of the Athletics (used until 2024)" — when the input was a
    /// former or alternate name; nil for current names.
    public var note: String? {
        guard case .alias(let alias) = via else { return nil }
        let kind: String
        switch alias.kind {
        case .abbreviation: kind = "code"
        case .name: kind = "name"
        case .city: kind = "city"
        case .nickname: kind = "nickname"
        }
        var until = ""
        if let end = alias.validUntil {
            let lastYear = CalendarDay(end.addingTimeInterval(-1), in: .utc).year
            until = " (used until \(lastYear))"
            return "\(alias.value) is a former \(kind) of the \(team.name)\(until)"
        }
        return "\(alias.value) is another \(kind) of the \(team.name)"
    }
}

extension DataProvider {
    /// Resolves a team from an id, abbreviation, full name, nickname, city, "city nickname",
    /// or an alias — case-, accent- and punctuation-insensitive. Current names win over
    /// aliases; among aliases, those valid on `asOf` win. Ambiguous input is an error that
    /// lists the candidates; unknown input an error with suggestions.
    public func resolveTeam(_ input: String, sports: Set<String>? = nil, asOf: Date? = nil) throws -> TeamMatch {
        let key = SearchKey.normalize(input)
        // "LA" and "Los Angeles" are one city (the Clippers' is stored as "LA"), so `--team LA`
        // names every Los Angeles team of the sport, and more than one is ambiguous.
        let cityKey = Self.cityKey(Self.cityWords(of: key))
        let candidates = try teams(sports: sports)
        if let exact = candidates.first(where: { $0.id == input.lowercased() }) {
            return TeamMatch(team: exact, via: .id)
        }

        let tiers: [(TeamMatch.Via, (Team) -> Bool)] = [
            (.abbreviation, { SearchKey.normalize($0.abbreviation) == key }),
            (.name, { SearchKey.normalize($0.name) == key }),
            (.nickname, { SearchKey.normalize($0.nickname) == key }),
            (.cityAndNickname, { Self.cityKey($0.city) + " " + SearchKey.normalize($0.nickname) == cityKey }),
            (.city, { Self.cityKey($0.city) == cityKey }),
        ]
        for (via, matches) in tiers {
            let found = candidates.filter(matches)
            if found.count == 1 { return TeamMatch(team: found[0], via: via) }
            if found.count > 1 { throw ResolutionError.ambiguousTeam(input, candidates: found) }
        }

        // Aliases: prefer those valid on the date asked about, else any.
        let byId = Dictionary(candidates.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let known = try teamAliases().filter { byId[$0.teamId] != nil }
        // An alias as stored first ("SuperSonics", a nickname), else a former name's nickname.
        let stated = known.filter { SearchKey.normalize($0.value) == key }
        let aliasHits =
            stated.isEmpty
            ? known.filter { alias in
                byId[alias.teamId].map { Self.formerNicknames(alias, of: $0).contains(key) } ?? false
            }
            : stated
        let current = asOf.map { date in aliasHits.filter { $0.isValid(on: date) } } ?? []
        let hits = current.isEmpty ? aliasHits : current
        let teamIds = Set(hits.map(\.teamId))
        if teamIds.count == 1,
            let alias = hits.max(by: { ($0.validUntil ?? .distantFuture) < ($1.validUntil ?? .distantFuture) })
        {
            return TeamMatch(team: byId[alias.teamId]!, via: .alias(alias))
        }
        if teamIds.count > 1 {
            throw ResolutionError.ambiguousTeam(input, candidates: teamIds.sorted().compactMap { byId[$0] })
        }
        if let sports, let elsewhere = try teamsOutside(sports, named: input, asOf: asOf) {
            throw ResolutionError.teamInOtherSport(input, candidates: elsewhere, asked: sports)
        }
        throw ResolutionError.unknownTeam(input, suggestions: try suggestTeams(for: key, among: candidates))
    }

    /// A city's search key with the short forms fans type read as the city: "la" is
    /// "los angeles", "ny" and "nyc" "new york", "sf" "san francisco".
    /// A former full name's nickname, for `--team "Devil Rays"`: "Tampa Bay Devil Rays" without
    /// the team's city, or without its first word ("Montreal Expos"). Only for a name alias.
    static func formerNicknames(_ alias: TeamAlias, of team: Team) -> [String] {
        guard alias.kind == .name else { return [] }
        let name = SearchKey.normalize(alias.value)
        var out: [String] = []
        let city = SearchKey.normalize(team.city) + " "
        if name.hasPrefix(city), name.count > city.count { out.append(String(name.dropFirst(city.count))) }
        if let space = name.firstIndex(of: " ") { out.append(String(name[name.index(after: space)...])) }
        return out
    }

    static func cityKey(_ city: String) -> String {
        let key = SearchKey.normalize(city)
        return cityShortForms[key] ?? key
    }

    /// A typed key whose first word is a short form ("la clippers"): that word as the city.
    static func cityWords(of key: String) -> String {
        guard let space = key.firstIndex(of: " ") else { return key }
        let first = String(key[..<space])
        return cityShortForms[first].map { $0 + key[space...] } ?? key
    }

    private static let cityShortForms: [String: String] = Dictionary(
        [("LA", "Los Angeles"), ("NY", "New York"), ("NYC", "New York"), ("SF", "San Francisco")].map {
            (SearchKey.normalize($0.0), SearchKey.normalize($0.1))
        }, uniquingKeysWith: { a, _ in a })

    /// The teams `input` names when `--sport` is left out: "Astros" under `--sport nba` is not
    /// unknown, it is an MLB team. Nil when it names no team of any sport.
    private func teamsOutside(_ sports: Set<String>, named input: String, asOf: Date?) throws -> [Team]? {
        do {
            return [try resolveTeam(input, sports: nil, asOf: asOf).team]
        } catch ResolutionError.ambiguousTeam(_, let candidates) {
            return candidates
        } catch ResolutionError.unknownTeam {
            return nil
        }
    }

    /// The closest teams by edit distance over codes, names, nicknames, cities and aliases.
    func suggestTeams(for key: String, among candidates: [Team]) throws -> [Team] {
        let ids = Set(candidates.map(\.id))
        let aliases = try teamAliases().filter { ids.contains($0.teamId) }
        let names = candidates.flatMap { team in
            [team.abbreviation, team.name, team.nickname, team.city].map { (team.id, $0) }
        }
        return NameSuggestions.closest(
            to: key, among: candidates, names: names + aliases.map { ($0.teamId, $0.value) }, prefixIsExact: true)
    }
}
