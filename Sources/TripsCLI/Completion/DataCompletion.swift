import ArgumentParsing
import InputText
import TripsInput
import TripsModel
import TripsStore

/// The store's values for a completion point, matched to the word being typed. The sports typed
/// so far (`--sport nhl`) narrow teams, venues and seasons.
struct DataCompletion {
    var point: CompletionPoint
    var context: CLIContext

    func candidates(_ kind: DynamicValues) throws -> [String] {
        let provider = try context.provider()
        let sports = Set(
            point.given["sport", default: []].flatMap { $0.split(separator: ",") }.map {
                String($0).trimmed.lowercased()
            })
        switch kind {
        case .team: return point.matching(try provider.teamNames(sports: sports))
        case .stadium: return point.matching(try provider.stadiumNames(sports: sports))
        case .season: return point.matching(try provider.seasonNames(sports: sports))
        case .division, .conference:
            let conference = kind == .conference
            let nodes = try provider.leagueStructures().filter {
                (sports.isEmpty || sports.contains($0.sport))
                    && (conference
                        ? $0.kind == .conference || ($0.kind == .league && $0.parentId != nil) : $0.kind == .division)
            }
            return point.matching(Array(Set(nodes.map(\.abbreviation))).sorted())
        case .savedTrip: return point.matching(try context.store().savedTrips().map(\.name))
        case .place:
            // Towns of 10,000 or more: a hamlet sharing a city's name would only crowd the list.
            let towns = try PlaceInput.loadGazetteer(context).places.filter { $0.population >= 10_000 }
                .sorted { $0.population > $1.population }.map(\.label)
            var seen = Set<String>()
            return point.matching(
                (try provider.stadiumNames(sports: sports) + towns).filter { seen.insert($0).inserted })
        case .sport:
            // `--sport mlb,n`: the piece after the last comma, keeping what is before it.
            let head = point.partial.lastIndex(of: ",").map { String(point.partial[...$0]) } ?? ""
            let listed = Set(head.split(separator: ",").map { String($0).trimmed.lowercased() })
            return point.matching(try provider.sportIdentifiers().filter { !listed.contains($0) }.map { head + $0 })
        default: return []
        }
    }
}
