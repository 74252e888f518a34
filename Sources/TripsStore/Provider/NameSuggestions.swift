import InputText
import TripsModel

/// "Did you mean …?" for a team or venue nobody has: the few candidates whose names come
/// closest to what was typed. Teams and stadiums are suggested by this one rule.
enum NameSuggestions {
    /// The three of `candidates` nearest to `key` (a `SearchKey`) by edit distance over `names`
    /// — every name a candidate goes by, aliases included — nearest first, ties by id. With
    /// `prefixIsExact`, a name that starts with the key counts as a hit ("hou" → Houston).
    static func closest<Candidate: Identifiable<String>>(
        to key: String, among candidates: [Candidate], names: [(id: String, text: String)],
        prefixIsExact: Bool = false, matchesWords: Bool = false
    ) -> [Candidate] {
        guard !key.isEmpty else { return [] }
        var best: [String: Int] = [:]
        for (id, text) in names {
            let name = SearchKey.normalize(text)
            // With `matchesWords`, one typed word is also measured against each word of the
            // name ("wrigly" → Wrigley Field), as venues are typed by their distinctive word.
            let words = matchesWords && !key.contains(" ") ? name.split(separator: " ").map(String.init) : []
            for candidate in [name] + words.filter({ $0.count >= 4 && $0 != name }) {
                guard EditDistance.isPlausible(key, candidate) else { continue }
                let distance = prefixIsExact && candidate.hasPrefix(key) ? 0 : EditDistance.between(key, candidate)
                best[id] = min(best[id] ?? .max, distance)
            }
        }
        let byId = Dictionary(candidates.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return best.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.prefix(3).compactMap { byId[$0.key] }
    }
}
