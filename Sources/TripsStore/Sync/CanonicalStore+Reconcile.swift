import SQLite
import TripsModel

/// Games whose team or stadium the store does not know (yet): kept, never shown as rich games
/// until their references resolve, and reported after a sync.
public struct UnresolvedGameReport: Sendable, Hashable, Codable {
    public var count: Int
    /// The first few record names, sorted.
    public var examples: [String]

    public init(count: Int, examples: [String]) {
        self.count = count
        self.examples = examples
    }
}

extension CanonicalStore {
    /// After a **complete** full pass of `type`: deprecates local live records the server did not
    /// list at all (`serverNames` holds every name the pass saw, deprecated or malformed ones
    /// included). Answers how many were deprecated.
    ///
    /// The change tag of such a row is cleared, so if the server lists the record again — even
    /// with the very tag this store had — the merge takes it back instead of calling it
    /// unchanged. That keeps a record the pass missed (index lag) from staying hidden forever.
    @discardableResult
    public func reconcile(_ type: RecordType, serverNames: Set<String>, atMs ms: Int64, reason: String) throws -> Int {
        let gone = try liveRecordNames(type).subtracting(serverNames).sorted()
        guard !gone.isEmpty else { return 0 }
        let table = CanonicalTable.name(type)
        try database.transaction {
            let statement = try database.prepare(
                "UPDATE \(table) SET deprecated_at_ms = ?, deprecation_reason = ?, change_tag = '' WHERE id = ? AND deprecated_at_ms IS NULL"
            )
            for name in gone {
                statement.reset()
                try statement.bind([.int(ms), .text(reason), .text(name)])
                try statement.runToEnd()
            }
        }
        return gone.count
    }

    /// Those of `names` that are live games with a home team, away team or stadium that is not
    /// in the store (deprecated teams and stadiums count as known: they still name old games).
    /// Looks up only the given games, so a delta sync pays for what it fetched, not for the store.
    public func unresolvedGames(among names: some Collection<String>, exampleLimit: Int = 10) throws
        -> UnresolvedGameReport
    {
        var unresolved: [String] = []
        let all = Array(names)
        for start in stride(from: 0, to: all.count, by: 500) {
            let chunk = all[start..<min(start + 500, all.count)]
            unresolved += try database.rows(
                """
                SELECT g.id FROM games g WHERE g.id IN (\(Array(repeating: "?", count: chunk.count).joined(separator: ", ")))
                AND g.deprecated_at_ms IS NULL AND (
                    NOT EXISTS (SELECT 1 FROM teams t WHERE t.id = g.home_team_id)
                    OR NOT EXISTS (SELECT 1 FROM teams t WHERE t.id = g.away_team_id)
                    OR (g.stadium_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM stadiums s WHERE s.id = g.stadium_id)))
                """, chunk.map(SQLValue.text)
            ) { $0.string(0) }
        }
        unresolved.sort()
        return UnresolvedGameReport(count: unresolved.count, examples: Array(unresolved.prefix(exampleLimit)))
    }
}
