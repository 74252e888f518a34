import Foundation
import TripsModel

/// A stadium found from user input; `alias` is set when a former name matched.
public struct StadiumMatch: Sendable, Hashable {
    public var stadium: Stadium
    public var alias: StadiumAlias?

    public var note: String? {
        guard let alias else { return nil }
        return "\(alias.value) is now \(stadium.name)"
    }
}

extension DataProvider {
    /// Resolves a stadium from its id, name, a former name (alias), or a unique part of its
    /// name ("Wrigley"). Accent-, case- and punctuation-insensitive.
    public func resolveStadium(_ input: String, sports: Set<String>? = nil, asOf: Date? = nil) throws -> StadiumMatch {
        let key = SearchKey.normalize(input)
        let candidates = try stadiums(sports: sports)
        if let exact = candidates.first(where: { $0.id == input.lowercased() }) { return StadiumMatch(stadium: exact) }
        let named = candidates.filter { SearchKey.normalize($0.name) == key }
        if named.count == 1 { return StadiumMatch(stadium: named[0]) }
        if named.count > 1 { throw ResolutionError.ambiguousStadium(input, candidates: named) }

        let byId = Dictionary(candidates.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let hits = try stadiumAliases().filter { byId[$0.stadiumId] != nil && SearchKey.normalize($0.value) == key }
        let current = asOf.map { date in hits.filter { $0.isValid(on: date) } } ?? []
        let chosen = current.isEmpty ? hits : current
        let ids = Set(chosen.map(\.stadiumId))
        if ids.count == 1, let alias = chosen.first { return StadiumMatch(stadium: byId[alias.stadiumId]!, alias: alias) }
        if ids.count > 1 { throw ResolutionError.ambiguousStadium(input, candidates: ids.sorted().compactMap { byId[$0] }) }

        // A unique word-boundary part of a name: "wrigley", "daikin".
        if key.count >= 3 {
            let partial = candidates.filter { " \(SearchKey.normalize($0.name)) ".contains(" \(key) ") }
            if partial.count == 1 { return StadiumMatch(stadium: partial[0]) }
            if partial.count > 1 { throw ResolutionError.ambiguousStadium(input, candidates: partial) }
        }
        throw ResolutionError.unknownStadium(input, suggestions: try suggestStadiums(for: key, among: candidates))
    }

    func suggestStadiums(for key: String, among candidates: [Stadium]) throws -> [Stadium] {
        guard !key.isEmpty else { return [] }
        var best: [String: Int] = [:]
        func consider(_ id: String, _ text: String) {
            let name = SearchKey.normalize(text)
            guard EditDistance.isPlausible(key, name) else { return }
            best[id] = min(best[id] ?? .max, EditDistance.between(key, name))
        }
        for stadium in candidates { consider(stadium.id, stadium.name) }
        let ids = Set(candidates.map(\.id))
        for alias in try stadiumAliases() where ids.contains(alias.stadiumId) { consider(alias.stadiumId, alias.value) }
        let byId = Dictionary(candidates.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return best.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.prefix(3).compactMap { byId[$0.key] }
    }
}
