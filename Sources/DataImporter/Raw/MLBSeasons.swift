/// MLB seasons from `kurimareiji-mlb2026`.
enum MLBSeasons {
    static func season(_ year: String, raw: RawDirectory) throws(ImportError) -> BundleSeason {
        let source = SourceCatalog.kurimaReiji(year)
        let file = try raw.decode(KurimaReijiSchedule.self, from: source.path)
        return BundleSeason(
            sport: "mlb", season: year, teams: file.teamEntries(), entries: try file.entries(path: source.path),
            sources: [source], complete: true,
            notes: year == "2026"
                ? "Regular season, one game per gamePk (Postponed shells dropped, the suspended game kept at its "
                    + "original start, with resumedAt). Snapshot of 2026-08-22: later results are not reflected, so "
                    + "games after it keep status 'scheduled' (shown as 'unknown' once past). A doubleheader's second game listed minutes after the first has "
                    + "timeTBD set (it follows game 1)."
                : "Final regular season, one game per gamePk (Postponed shells dropped, suspended games kept at "
                    + "their original start, with resumedAt), including the Tokyo Series and the Speedway Classic. "
                    + "pressboxed-mlb2025 (schedule as of 2025-04-27) agrees on the 2,430 gamePks.",
            expectedGames: 2430)
    }
}
