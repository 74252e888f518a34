import TripsModel

/// User input that names no (or more than one) sport, team or stadium. Descriptions are the
/// one-line messages the CLI prints, with the suggestion a fan needs.
public enum ResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownSport(String, suggestions: [Sport], known: [Sport])
    case unknownTeam(String, suggestions: [Team])
    case ambiguousTeam(String, candidates: [Team])
    /// A team of a sport that `--sport` left out: `asked` are the sports asked for.
    case teamInOtherSport(String, candidates: [Team], asked: Set<String>)
    case unknownStadium(String, suggestions: [Stadium])
    case ambiguousStadium(String, candidates: [Stadium])
    /// A `--division` or `--conference` (`kind`) the league's tree does not have.
    case unknownGroup(String, kind: String, sport: String, suggestions: [String], known: [String])

    public var description: String {
        switch self {
        case .unknownSport(let input, let suggestions, let known):
            if let s = suggestions.first { return "unknown sport '\(input)' — did you mean \(s.sportId)?" }
            return "unknown sport '\(input)' — known sports: \(known.map(\.sportId).joined(separator: ", "))"
        case .unknownTeam(let input, let suggestions):
            guard !suggestions.isEmpty else { return "unknown team '\(input)' — try `trips teams` to list teams" }
            return "unknown team '\(input)' — did you mean \(Self.list(suggestions.map(Self.label)))?"
        case .ambiguousTeam(let input, let candidates):
            return
                "team '\(input)' is ambiguous: \(candidates.map { "\(Self.label($0)), \($0.sport.uppercased())" }.joined(separator: "; ")) — "
                + (Set(candidates.map(\.sport)).count == 1
                    ? "use the code or the full name" : "add --sport or use the full name")
        case .teamInOtherSport(let input, let candidates, let asked):
            let askedList = asked.sorted().map { $0.uppercased() }.joined(separator: ", ")
            if candidates.count == 1, let team = candidates.first {
                let sport = Self.article(team.sport) + team.sport.uppercased()
                return "\(input) is \(sport) team (\(team.name)), not \(askedList) — change or drop --sport"
            }
            let list = candidates.map { "\(Self.label($0)), \($0.sport.uppercased())" }.joined(separator: "; ")
            return "\(input) is not a team of \(askedList): it could be \(list) — change or drop --sport"
        case .unknownStadium(let input, let suggestions):
            guard !suggestions.isEmpty else {
                return "unknown stadium '\(input)' — try `trips stadiums` to list venues"
            }
            return
                "unknown stadium '\(input)' — did you mean \(Self.list(suggestions.map { "\($0.name) (\($0.city))" }))?"
        case .unknownGroup(let input, let kind, let sport, let suggestions, let known):
            if !suggestions.isEmpty { return "unknown \(kind) '\(input)' — did you mean \(Self.list(suggestions))?" }
            guard !known.isEmpty else { return "\(sport.uppercased()) has no \(kind)s in the store" }
            return "unknown \(kind) '\(input)' — \(sport.uppercased()) \(kind)s: \(known.joined(separator: ", "))"
        case .ambiguousStadium(let input, let candidates):
            return
                "stadium '\(input)' is ambiguous: \(candidates.map { "\($0.name) (\($0.city))" }.joined(separator: "; "))"
        }
    }

    /// "an MLB", "an NBA", "a WNBA": by how the letters are said.
    static func article(_ sport: String) -> String {
        guard let first = sport.uppercased().first else { return "a " }
        return "AEFHILMNORSX".contains(first) ? "an " : "a "
    }

    static func label(_ team: Team) -> String { "\(team.abbreviation) (\(team.name))" }

    private static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " or " + items.last!
        }
    }
}
