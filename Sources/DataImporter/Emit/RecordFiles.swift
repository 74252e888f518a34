import CloudKitWeb
import TripsModel
import TripsRecords

/// Emit stage: linked values → wire records grouped into the bundle's files, one record type
/// per file (`sports.json`, `league-structure-mlb.json`, `stadiums.json`, `teams-mlb.json`,
/// `games-mlb-2026.json`, …). Records are encoded only through `CanonicalRecord`.
enum RecordFiles {
    static func make(
        linked: LinkedSchedules, trees: [String: LeagueTree], teamAliases: [TeamAlias], stadiumAliases: [StadiumAlias],
        venueSources: [SourceReference]
    ) -> [BundleFile] {
        var files: [BundleFile] = []
        files.append(
            BundleFile(
                path: "sports.json", recordType: .sport, records: SportTable.all.map { record(.sport($0)) },
                notes: "Hand-made: typical game length (planner) and the months a season spans.",
                sources: [SourceCatalog.handMade]))
        var seasonSources: [String: [SourceReference]] = [:]
        for (season, _) in linked.games {
            seasonSources[season.sport, default: []].append(contentsOf: season.sources)
        }
        for sport in linked.teams.keys.sorted() {
            let structure = sport == "mlb" ? MLBStructure.nodes : trees[sport]?.nodes ?? []
            if !structure.isEmpty {
                files.append(
                    BundleFile(
                        path: "league-structure-\(sport).json", recordType: .leagueStructure,
                        records: structure.map { record(.leagueStructure($0)) }, sport: sport,
                        sources: unique(seasonSources[sport] ?? [])))
            }
            files.append(
                BundleFile(
                    path: "teams-\(sport).json", recordType: .team,
                    records: linked.teams[sport, default: []].map { record(.team($0)) }, sport: sport,
                    sources: unique(seasonSources[sport] ?? [])))
        }
        files.append(
            BundleFile(
                path: "stadiums.json", recordType: .stadium, records: linked.stadiums.map { record(.stadium($0)) },
                notes: "One record per building, shared across leagues. Zones and states of North-American venues "
                    + "come from the nearest gazetteer place; venues abroad have them set by hand. Coordinates come "
                    + "from the raw venue tables or, for venues no table has, from the hand-made table in "
                    + "Sources/DataImporter/Tables (each row names the page it was checked against). Stadiums whose "
                    + "coordinates are a stand-in (a town centre) carry locationApproximate and are listed in "
                    + "approximateLocations.",
                sources: venueSources + GeoNamesPlaces.sources.prefix(1),
                approximateLocations: linked.approximateLocations.isEmpty ? nil : linked.approximateLocations))
        files.append(
            BundleFile(
                path: "team-aliases.json", recordType: .teamAlias, records: teamAliases.map { record(.teamAlias($0)) },
                notes: "Other and former names of clubs, valid from/until (exclusive) where known: ESPN and "
                    + "Sportradar codes, MLB names by season (kurimareiji 2018-2026, Lahman since 1901), and a "
                    + "hand-made table for the other leagues. Current names, nicknames, cities and codes are not "
                    + "repeated here.",
                sources: [SourceCatalog.mlbHistory, SourceCatalog.lahmanTeams, SourceCatalog.handMade]))
        files.append(
            BundleFile(
                path: "stadium-aliases.json", recordType: .stadiumAlias,
                records: stadiumAliases.map { record(.stadiumAlias($0)) },
                notes: "Former and other names of buildings. Names MLB games were played under carry the seasons "
                    + "of use (kurimareiji 2018-2026); older names (Retrosheet AKA, PROVENANCE's former-name list) "
                    + "have no dates.",
                sources: [SourceCatalog.mlbHistory, SourceCatalog.retrosheetParks, SourceCatalog.handMade]))
        for (season, games) in linked.games {
            files.append(
                BundleFile(
                    path: "games-\(season.sport)-\(season.season).json", recordType: .game,
                    records: games.map { record(.game($0)) }, sport: season.sport, season: season.season,
                    complete: season.complete, notes: season.notes, sources: season.sources))
        }
        return files
    }

    static func record(_ entity: CanonicalEntity) -> Record {
        CanonicalRecord(entity, meta: RecordMetadata(changeTag: "", modifiedMs: 0)).record
    }

    private static func unique(_ sources: [SourceReference]) -> [SourceReference] {
        var seen = Set<SourceReference>()
        return sources.filter { seen.insert($0).inserted }
    }
}
