/// Read stage: every league-season the bundle ships, normalised, and every venue fact, in
/// the order of trust the venue catalog merges them by.
struct LeagueSeasons: Sendable {
    var seasons: [BundleSeason]
    var venueFacts: [VenueFacts]
    var trees: [String: LeagueTree]
    /// Other names of clubs: ESPN and Sportradar codes, MLB history, the hand-made table.
    var aliasFacts: [AliasFact]
    /// MLB venue names by season, to date stadium aliases.
    var venueUses: [StadiumNameUse]

    init(raw: RawDirectory) throws(ImportError) {
        let nbaTree = try ESPNSchedule.tree(
            raw: raw, path: "ismayc-nba/nba_structure.derived.json", sport: "nba",
            name: "National Basketball Association", abbreviation: "NBA",
            conferences: [("E", "east", "Eastern Conference", "East"), ("W", "west", "Western Conference", "West")],
            codes: LeagueTables.nbaCodes)
        let nflTree = try ESPNSchedule.tree(
            raw: raw, path: "ismayc-nfl/nfl_structure.derived.json", sport: "nfl", name: "National Football League",
            abbreviation: "NFL",
            conferences: [
                ("AFC", "afc", "American Football Conference", "AFC"),
                ("NFC", "nfc", "National Football Conference", "NFC"),
            ],
            codes: LeagueTables.nflCodes)
        trees = [
            "nba": nbaTree, "nfl": nflTree, "nhl": LeagueTables.nhl, "wnba": LeagueTables.wnba, "mls": LeagueTables.mls,
        ]

        let nba2526 = try ESPNSchedule(
            raw: raw, games: SourceCatalog.nba2526[0].path, teams: SourceCatalog.nbaTeams[0].path,
            codes: LeagueTables.nbaCodes)
        let nba2627 = try ESPNSchedule(
            raw: raw, games: SourceCatalog.nba2627[0].path, teams: SourceCatalog.nbaTeams[0].path,
            codes: LeagueTables.nbaCodes)
        let nfl = try ESPNSchedule(
            raw: raw, games: SourceCatalog.nfl[0].path, teams: SourceCatalog.nfl[1].path, codes: LeagueTables.nflCodes)
        let wnba = try ESPNSchedule(
            raw: raw, games: SourceCatalog.wnba[0].path, teams: SourceCatalog.wnba[1].path,
            codes: LeagueTables.wnbaCodes)
        let nhl = try raw.decode(HockeyHelpSchedule.self, from: HockeyHelpSchedule.path)
        let nhl2526 = try FastRHockeySeason(raw: raw).entries(formerIds: nhl.idsByLeagueId(seasonYear: "2025"))
        let nhl2627 = try NHLSimSchedule(raw: raw).entries(arenas: NHLSimSchedule.arenas(of: nhl2526))
        let mls = try MLSFixtures(raw: raw)

        seasons = [
            try MLBSeasons.season("2025", raw: raw),
            try MLBSeasons.season("2026", raw: raw),
            BundleSeason(
                sport: "nba", season: "2025-26", teams: nba2526.teamEntries(tree: nbaTree),
                entries: try nba2526.entries(path: SourceCatalog.nba2526[0].path),
                sources: SourceCatalog.nba2526 + SourceCatalog.nbaTeams, complete: true,
                notes: "Regular season including NBA Cup group and knockout games that count in the standings "
                    + "(the Cup final does not); the four postponed games' original dates dropped, make-ups kept.",
                expectedGames: 1230, statesNeutralSites: true),
            BundleSeason(
                sport: "nba", season: "2026-27", teams: nba2526.teamEntries(tree: nbaTree),
                entries: try nba2627.entries(path: SourceCatalog.nba2627[0].path),
                sources: SourceCatalog.nba2627 + SourceCatalog.nbaTeams, complete: false,
                notes: "Partial: the 1,200 games the NBA released up front (80 per team). The other 30 (two per "
                    + "team) are scheduled only after the NBA Cup group stage in December, so they cannot be here "
                    + "yet. A few ESPN tip times may be placeholders (e.g. opening night DET-BOS at 15:00 local).",
                expectedGames: 1200, statesNeutralSites: true),
            BundleSeason(
                sport: "nhl", season: "2025-26", teams: nhl.teamEntries(tree: LeagueTables.nhl),
                entries: nhl2526, sources: SourceCatalog.nhl2526, complete: true,
                notes:
                    "Regular season as played, with final scores (fastRhockey, from the NHL's own data, 2026-05-18): "
                    + "each game at the start it was played at (23 moved after the Sportradar pre-season snapshot, "
                    + "which gives the teams' names, keeps the games' record ids and the venue table). The source "
                    + "has no overtime or shootout flag. Venue zones come from the gazetteer; Avicii Arena is "
                    + "Europe/Stockholm.",
                expectedGames: 1312),
            BundleSeason(
                sport: "nhl", season: "2026-27", teams: nhl.teamEntries(tree: LeagueTables.nhl),
                entries: nhl2627, sources: SourceCatalog.nhl2627, complete: true,
                notes: "Regular season as the NHL published it on opening day (2026-09-29): 84 games a club, the "
                    + "league's new format. The source names no venue: a game is at its home club's 2025-26 arena, "
                    + "except the 7 neutral-site games. The Winter Classic's venue (Rice-Eccles Stadium) comes from "
                    + "the Utah club schedule; the other six have no venue yet (no stadiumId, never invented). "
                    + "Later changes (postponements, TV times) and results are not reflected.",
                expectedGames: 1344, statesNeutralSites: true),
            BundleSeason(
                sport: "nfl", season: "2026", teams: nfl.teamEntries(tree: nflTree),
                entries: try nfl.entries(path: SourceCatalog.nfl[0].path), sources: SourceCatalog.nfl, complete: true,
                notes: "Weeks 1-18. International games at their real venues with isNeutralSite (ESPN's neutral "
                    + "flag); ESPN's 'Reliant Stadium' is NRG Stadium and 'FC Bayern Munich Stadium' is Allianz Arena. "
                    + "The 24 games ESPN lists at its 'TBD' placeholder (midnight US Eastern: all of week 18, four "
                    + "each in weeks 16-17) have timeTBD set, on the Sunday ESPN gives.",
                expectedGames: 272, statesNeutralSites: true),
            BundleSeason(
                sport: "wnba", season: "2026", teams: wnba.teamEntries(tree: LeagueTables.wnba),
                entries: try wnba.entries(path: SourceCatalog.wnba[0].path), sources: SourceCatalog.wnba,
                complete: true,
                notes: "Regular season including Commissioner's Cup games (the Cup final and the All-Star game are "
                    + "not regular-season games); the postponed DAL-NYL game's original date dropped, make-up kept. "
                    + "Games at a club's own alternate arena are home games; only ESPN's neutral-flagged game is neutral.",
                expectedGames: 330, statesNeutralSites: true),
            BundleSeason(
                sport: "mls", season: "2026", teams: try mls.teamEntries(tree: LeagueTables.mls),
                entries: try mls.entries(),
                sources: SourceCatalog.mls, complete: true,
                notes: "Regular season only (the calendars also hold cup and friendly matches). Two New York City FC "
                    + "home games have no venue yet ('TBC' in the source): their stadiumId is absent, never invented.",
                expectedGames: 510),
        ]

        venueFacts =
            HandVenues.rows + (try HockeyHelpSchedule.venueFacts(raw: raw)) + (try VenueTables.nfl(raw: raw))
            + (try VenueTables.mls(raw: raw)) + (try VenueTables.nba(raw: raw))
            + (try GeoJSONBallparks.venueFacts(raw: raw))
            + (try RetrosheetParks.venueFacts(raw: raw))
            + nba2526.venueFacts(source: SourceCatalog.nba2526[0].path)
            + nba2627.venueFacts(source: SourceCatalog.nba2627[0].path)
            + nfl.venueFacts(source: SourceCatalog.nfl[0].path) + wnba.venueFacts(source: SourceCatalog.wnba[0].path)
            + mls.venueFacts()

        let history = try MLBTeamHistory(raw: raw)
        venueUses = history.venueUses
        aliasFacts =
            LeagueSeasons.codeAliases("nba", LeagueTables.nbaCodes, source: "ESPN code (ismayc-nba)")
            + LeagueSeasons.codeAliases("nfl", LeagueTables.nflCodes, source: "ESPN code (ismayc-nfl)")
            + LeagueSeasons.codeAliases("wnba", LeagueTables.wnbaCodes, source: "ESPN code (ismayc-wnba)")
            + LeagueSeasons.codeAliases("nhl", LeagueTables.nhlCodes, source: "Sportradar code (hockeyhelp)")
            + history.aliases + HandTeamAliases.facts
    }

    /// A source's own code for a club, when it differs from the league's ("NY" for NYK).
    static func codeAliases(_ sport: String, _ codes: [String: String], source: String) -> [AliasFact] {
        codes.sorted { $0.key < $1.key }.map {
            AliasFact(sport: sport, teamCode: $0.value, kind: .abbreviation, value: $0.key, source: source)
        }
    }
}
