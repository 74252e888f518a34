import FoundationEssentials
import TripsModel

/// A stadium found from user input; `alias` is set when a former name matched.
public struct StadiumMatch: Sendable, Hashable {
    public var stadium: Stadium
    public var alias: StadiumAlias?
    /// Only a part of the name matched ("Wrigley", "Minute Maid"): a guess that place input
    /// ranks below cities ("Seattle" is the city, not Seattle Center Coliseum).
    public var isPartial = false

    /// "Minute Maid Park is now Daikin Park"; nothing for a short form of the current name
    /// ("MSG"), which is not a former name.
    public var note: String? {
        guard let alias, !Self.isInitialism(alias.value, of: stadium.name) else { return nil }
        return "\(alias.value) is now \(stadium.name)"
    }

    static func isInitialism(_ short: String, of name: String) -> Bool {
        let initials = SearchKey.normalize(name).split(separator: " ").compactMap(\.first)
        return SearchKey.normalize(short) == String(initials)
    }
}

extension DataProvider {
    /// Resolves a stadium from its id, name, a former name (alias), or a unique part of a
    /// current or former name ("Wrigley", "Minute Maid"). Accent-, case- and
    /// punctuation-insensitive, and blind to spaces inside names ("KeyArena", "Key Arena").
    public func resolveStadium(_ input: String, sports: Set<String>? = nil, asOf: Date? = nil) throws -> StadiumMatch {
        let key = SearchKey.normalize(input)
        let candidates = try stadiums(sports: sports)
        if let exact = candidates.first(where: { $0.id == input.lowercased() }) { return StadiumMatch(stadium: exact) }
        let named = candidates.filter { Self.sameName(SearchKey.normalize($0.name), key) }
        if named.count == 1 { return StadiumMatch(stadium: named[0]) }
        if named.count > 1 { throw ResolutionError.ambiguousStadium(input, candidates: named) }

        let byId = Dictionary(candidates.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let aliases = try stadiumAliases().filter { byId[$0.stadiumId] != nil }
        let sameNamed = aliases.filter { Self.sameName(SearchKey.normalize($0.value), key) }
        if let match = try aliasMatch(sameNamed, input, byId, asOf) { return match }

        // A unique word-boundary part of a name ("wrigley", "daikin"), else of a former name
        // ("minute maid").
        if key.count >= 3 {
            func contains(_ name: String) -> Bool { " \(SearchKey.normalize(name)) ".contains(" \(key) ") }
            let partial = candidates.filter { contains($0.name) }
            if partial.count == 1 { return StadiumMatch(stadium: partial[0], isPartial: true) }
            if partial.count > 1 { throw ResolutionError.ambiguousStadium(input, candidates: partial) }
            if var match = try aliasMatch(aliases.filter { contains($0.value) }, input, byId, asOf) {
                match.isPartial = true
                return match
            }
        }
        throw ResolutionError.unknownStadium(input, suggestions: try suggestStadiums(for: key, among: candidates))
    }

    /// The one stadium that `hits` (aliases matching the input) point at, preferring those
    /// valid on `asOf`; nil when there are none.
    private func aliasMatch(
        _ hits: [StadiumAlias], _ input: String, _ byId: [String: Stadium], _ asOf: Date?
    ) throws -> StadiumMatch? {
        let current = asOf.map { date in hits.filter { $0.isValid(on: date) } } ?? []
        let chosen = current.isEmpty ? hits : current
        let ids = Set(chosen.map(\.stadiumId))
        if ids.count > 1 {
            throw ResolutionError.ambiguousStadium(input, candidates: ids.sorted().compactMap { byId[$0] })
        }
        guard let alias = chosen.first else { return nil }
        return StadiumMatch(stadium: byId[alias.stadiumId]!, alias: alias)
    }

    /// Equal keys, or equal once spaces are dropped: "KeyArena" is "Key Arena".
    static func sameName(_ a: String, _ b: String) -> Bool {
        a == b || (a.count != b.count && a.filter { $0 != " " } == b.filter { $0 != " " })
    }

    /// The closest stadiums by edit distance over names and former names.
    func suggestStadiums(for key: String, among candidates: [Stadium]) throws -> [Stadium] {
        let ids = Set(candidates.map(\.id))
        let aliases = try stadiumAliases().filter { ids.contains($0.stadiumId) }
        return NameSuggestions.closest(
            to: key, among: candidates,
            names: candidates.map { ($0.id, $0.name) } + aliases.map { ($0.stadiumId, $0.value) }, matchesWords: true)
    }
}
