import FoundationEssentials
import TripsModel

extension DataProvider {
    /// Teams named together (`--teams BOS,NYY,TB,TOR,BAL`), each resolved as `resolveTeam` does;
    /// a name several leagues share is taken in the one league the others all name ("NYY" is
    /// MLB only, so "BOS" and "TB" are the Red Sox and the Rays). Without one such league, an
    /// ambiguous name stays an error that lists its candidates.
    public func resolveTeams(_ inputs: [String], sports: Set<String>? = nil, asOf: Date? = nil) throws -> [TeamMatch] {
        var found: [TeamMatch?] = []
        var ambiguous: [(index: Int, error: ResolutionError)] = []
        for (index, input) in inputs.enumerated() {
            do {
                found.append(try resolveTeam(input, sports: sports, asOf: asOf))
            } catch let error as ResolutionError {
                guard case .ambiguousTeam = error else { throw error }
                found.append(nil)
                ambiguous.append((index, error))
            }
        }
        guard let first = ambiguous.first else { return found.compactMap { $0 } }
        let leagues = Set(found.compactMap { $0?.team.sport })
        guard leagues.count == 1, let league = leagues.first else { throw first.error }
        for (index, _) in ambiguous {
            found[index] = try resolveTeam(inputs[index], sports: [league], asOf: asOf)
        }
        return found.compactMap { $0 }
    }
}
