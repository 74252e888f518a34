import FoundationEssentials
import InputText
import TripsModel

extension DataProvider {
    /// Resolves a sport from its id (`mlb`), abbreviation (`MLB`) or display name.
    public func resolveSport(_ input: String) throws -> Sport {
        let key = SearchKey.normalize(input)
        let all = try sports()
        if let sport = all.first(where: {
            SearchKey.normalize($0.sportId) == key || SearchKey.normalize($0.abbreviation) == key
                || SearchKey.normalize($0.displayName) == key
        }) {
            return sport
        }
        let suggestions = all.filter {
            EditDistance.isPlausible(key, SearchKey.normalize($0.sportId))
                || EditDistance.isPlausible(key, SearchKey.normalize($0.displayName))
        }
        throw ResolutionError.unknownSport(input, suggestions: suggestions, known: all)
    }

    /// Resolves a comma-separated list (`mlb,nba`) into sport ids. A list that names no sport
    /// at all (`","`) is an error, not "every sport".
    public func resolveSports(_ list: [String]) throws -> Set<String> {
        var ids = Set<String>()
        for item in list.flatMap({ $0.split(separator: ",") }).map(\.trimmed)
        where !item.isEmpty {
            ids.insert(try resolveSport(item).sportId)
        }
        if ids.isEmpty {
            throw ResolutionError.unknownSport(list.joined(separator: ","), suggestions: [], known: try sports())
        }
        return ids
    }

    /// A `--sport` filter: nil (every sport) when no sport was named, else the ids named.
    public func sportFilter(_ list: [String]) throws -> Set<String>? {
        list.isEmpty ? nil : try resolveSports(list)
    }
}
