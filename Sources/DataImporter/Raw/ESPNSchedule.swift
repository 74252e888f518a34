import Foundation
import LeagueFeeds
import TripsModel

/// The ismayc schedule files (NBA, NFL, WNBA): `GAMES` and `TEAMS` arrays extracted from the
/// generated `schedule.js` / `teams.js` of ESPN-derived sites, and for NBA and NFL the
/// conference/division maps. ESPN codes (NY, GS, WSH …) become the league's own codes here.
struct ESPNSchedule: Sendable {
    struct Game: Decodable, Sendable {
        var id: String
        var tip: String
        var seasonType: String
        var home: String
        var away: String
        var venue: String?
        var city: String?
        var neutral: Bool?
        var score: [Int]?
        var note: String?
    }

    struct Team: Decodable, Sendable {
        var abbr: String
        var name: String
        var location: String
        var displayName: String
    }

    struct Structure: Decodable, Sendable {
        var conferenceByAbbreviation: [String: String]
        var divisionByAbbreviation: [String: String]

        enum CodingKeys: String, CodingKey {
            case conferenceByAbbreviation = "CONFERENCE_BY_ABBR"
            case divisionByAbbreviation = "DIVISION_BY_ABBR"
        }
    }

    let games: [Game]
    let teams: [Team]
    /// ESPN code → league code, for the codes that differ.
    let codes: [String: String]

    init(raw: RawDirectory, games: String, teams: String, codes: [String: String]) throws(ImportError) {
        self.games = try raw.decode([Game].self, from: games)
        self.teams = try raw.decode([Team].self, from: teams)
        self.codes = codes
    }

    func leagueCode(_ espn: String) -> String { codes[espn] ?? espn }

    func teamEntries(tree: LeagueTree) -> [TeamEntry] {
        teams.map { t in
            tree.place(TeamEntry(code: leagueCode(t.abbr), name: t.displayName, nickname: t.name, city: t.location))
        }
    }

    /// Regular-season games. A postponed game's original row (its note names the make-up
    /// date) is a shell: the make-up is its own row.
    func entries(path: String) throws(ImportError) -> [FeedGame] {
        try games.filter { $0.seasonType == "regular" && !ESPNSchedule.isShell($0) }.map { (g) throws(ImportError) in
            let start = try RawInstant.date(g.tip, in: path, game: "game \(g.id)", field: "tip")
            return FeedGame(
                sourceId: g.id, start: start, homeCode: leagueCode(g.home), awayCode: leagueCode(g.away),
                venueName: g.venue.map { VenueName.strippingQualifier($0).name },
                // ESPN marks every neutral site (international games, Cup semifinals); a team's own
                // alternate arena (the Spurs in Austin) carries no flag and is a home game.
                status: g.score == nil ? .scheduled : .final, neutral: g.neutral ?? false)
        }
    }

    /// Venue names and cities as the schedule states them (no coordinates).
    func venueFacts(source: String) -> [VenueFacts] {
        var seen = Set<String>()
        var facts: [VenueFacts] = []
        for g in games {
            guard let venue = g.venue else { continue }
            let (name, qualifier) = VenueName.strippingQualifier(venue)
            guard seen.insert(NameKey.match(name)).inserted else { continue }
            facts.append(VenueFacts(name: name, city: g.city ?? qualifier, source: source))
        }
        return facts
    }

    static func isShell(_ game: Game) -> Bool {
        game.score == nil && (game.note?.range(of: "makeup date", options: .caseInsensitive) != nil)
    }

    /// NBA and NFL structure from the sites' own conference/division maps.
    static func tree(
        raw: RawDirectory, path: String, sport: String, name: String, abbreviation: String,
        conferences: [(espn: String, code: String, name: String, abbreviation: String)], codes: [String: String]
    ) throws(ImportError) -> LeagueTree {
        let structure = try raw.decode(Structure.self, from: path)
        var divisions: [String: [String: [String]]] = [:]
        for (espn, division) in structure.divisionByAbbreviation {
            guard let conference = structure.conferenceByAbbreviation[espn] else { continue }
            // NFL divisions carry the conference ("AFC East"); NBA ones do not ("Atlantic").
            let short =
                division.hasPrefix(conference + " ") ? String(division.dropFirst(conference.count + 1)) : division
            divisions[conference, default: [:]][short, default: []].append(codes[espn] ?? espn)
        }
        return LeagueTree(
            sport: sport, name: name, abbreviation: abbreviation,
            conferences: conferences.map { c in
                LeagueTree.Conference(
                    code: c.code, name: c.name, abbreviation: c.abbreviation,
                    divisions: (divisions[c.espn] ?? [:]).keys.sorted().map { ($0, divisions[c.espn]![$0]!.sorted()) })
            })
    }
}

/// "Toyota Center (Houston)" → ("Toyota Center", "Houston"): sources add the city to tell
/// buildings of the same name apart.
enum VenueName {
    static func strippingQualifier(_ text: String) -> (name: String, qualifier: String?) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return (trimmed, nil) }
        let name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        let qualifier = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        return name.isEmpty ? (trimmed, nil) : (name, String(qualifier))
    }
}
