import TripsModel

/// Former names of NHL, NFL, NBA, WNBA and MLS clubs that matter for recent seasons (no raw
/// file has team histories outside MLB; see PROVENANCE "Team name history"). Dates are the
/// season boundaries at which the change took effect; `until` is exclusive.
enum HandTeamAliases {
    static let facts: [AliasFact] =
        [
            // NHL: the Arizona Coyotes' hockey operations became Utah's club in 2024.
            f("nhl", "UTA", .name, "Arizona Coyotes", until: (2024, 7, 1)),
            f("nhl", "UTA", .nickname, "Coyotes", until: (2024, 7, 1)),
            f("nhl", "UTA", .city, "Arizona", until: (2024, 7, 1)),
            f("nhl", "UTA", .abbreviation, "ARI", until: (2024, 7, 1)),
            f("nhl", "UTA", .name, "Phoenix Coyotes", from: (1996, 7, 1), until: (2014, 7, 1)),
            f("nhl", "UTA", .abbreviation, "PHX", from: (1996, 7, 1), until: (2014, 7, 1)),
            f("nhl", "UTA", .name, "Utah Hockey Club", from: (2024, 7, 1), until: (2025, 7, 1)),
            // NFL
            f("nfl", "WAS", .name, "Washington Redskins", until: (2020, 7, 1)),
            f("nfl", "WAS", .nickname, "Redskins", until: (2020, 7, 1)),
            f("nfl", "WAS", .name, "Washington Football Team", from: (2020, 7, 1), until: (2022, 2, 1)),
            f("nfl", "LV", .name, "Oakland Raiders", until: (2020, 1, 1)),
            f("nfl", "LV", .city, "Oakland", until: (2020, 1, 1)),
            f("nfl", "LV", .abbreviation, "OAK", until: (2020, 1, 1)),
            f("nfl", "LAC", .name, "San Diego Chargers", until: (2017, 1, 1)),
            f("nfl", "LAC", .abbreviation, "SD", until: (2017, 1, 1)),
            f("nfl", "LA", .name, "St. Louis Rams", from: (1995, 1, 1), until: (2016, 1, 1)),
            f("nfl", "LA", .abbreviation, "STL", from: (1995, 1, 1), until: (2016, 1, 1)),
            // NBA
            f("nba", "NOP", .name, "New Orleans Hornets", from: (2002, 7, 1), until: (2013, 7, 1)),
            f("nba", "CHA", .name, "Charlotte Bobcats", from: (2004, 7, 1), until: (2014, 7, 1)),
            f("nba", "OKC", .name, "Seattle SuperSonics", until: (2008, 7, 1)),
            f("nba", "OKC", .nickname, "SuperSonics", until: (2008, 7, 1)),
            f("nba", "OKC", .nickname, "Sonics", until: (2008, 7, 1)),
            f("nba", "BKN", .name, "New Jersey Nets", until: (2012, 7, 1)),
            f("nba", "BKN", .abbreviation, "NJN", until: (2012, 7, 1)),
            f("nba", "MEM", .name, "Vancouver Grizzlies", until: (2001, 7, 1)),
            // WNBA
            f("wnba", "LVA", .name, "San Antonio Stars", from: (2014, 1, 1), until: (2018, 1, 1)),
            f("wnba", "LVA", .name, "San Antonio Silver Stars", from: (2003, 1, 1), until: (2014, 1, 1)),
            f("wnba", "DAL", .name, "Tulsa Shock", from: (2010, 1, 1), until: (2016, 1, 1)),
            f("wnba", "DAL", .name, "Detroit Shock", until: (2010, 1, 1)),
            // MLS
            f("mls", "NYRB", .name, "New York Red Bulls"),
            f("mls", "MTL", .name, "Montreal Impact", until: (2021, 1, 1)),
            f("mls", "HOU", .name, "Houston Dynamo"),
        ] + otherCodes + otherNicknames

    /// Codes other sites use for today's clubs (Baseball-Reference, FanGraphs, Pro Football
    /// Reference, broadcasters): fans type them as readily as the league's own.
    static let otherCodes: [AliasFact] = [
        (
            "mlb",
            ["ARI": "AZ", "CHW": "CWS", "WSN": "WSH", "WAS": "WSH", "KCR": "KC", "TBR": "TB", "SDP": "SD", "SFG": "SF"]
        ),
        ("nba", ["BRK": "BKN", "CHO": "CHA", "PHO": "PHX", "UTAH": "UTA"]),
        (
            "nfl",
            ["GNB": "GB", "KAN": "KC", "NWE": "NE", "NOR": "NO", "SFO": "SF", "TAM": "TB", "LVR": "LV", "JAC": "JAX"]
        ),
        ("nhl", ["VEG": "VGK", "WAS": "WSH", "CLB": "CBJ", "NAS": "NSH", "UTAH": "UTA"]),
        ("wnba", ["CONN": "CON"]),
        ("mls", ["RBNY": "NYRB", "DCU": "DC", "LAG": "LA"]),
    ].flatMap { sport, codes in
        codes.sorted { $0.key < $1.key }.map { f(sport, $0.value, .abbreviation, $0.key) }
    }

    /// Short nicknames in everyday use.
    static let otherNicknames: [AliasFact] = [
        f("mlb", "ATH", .nickname, "A's"), f("mlb", "WSH", .nickname, "Nats"), f("mlb", "TOR", .nickname, "Jays"),
        f("nba", "PHI", .nickname, "Sixers"), f("nba", "CLE", .nickname, "Cavs"), f("nba", "DAL", .nickname, "Mavs"),
        f("nba", "MIN", .nickname, "Wolves"), f("nba", "POR", .nickname, "Blazers"),
        f("nhl", "MTL", .nickname, "Habs"), f("nhl", "TOR", .nickname, "Leafs"), f("nhl", "WSH", .nickname, "Caps"),
        f("nhl", "TBL", .nickname, "Bolts"), f("nhl", "CAR", .nickname, "Canes"), f("nhl", "COL", .nickname, "Avs"),
        f("nhl", "NSH", .nickname, "Preds"), f("nhl", "NYI", .nickname, "Isles"), f("nhl", "PIT", .nickname, "Pens"),
        f("nfl", "SF", .nickname, "Niners"), f("nfl", "NE", .nickname, "Pats"), f("nfl", "TB", .nickname, "Bucs"),
        f("nfl", "JAX", .nickname, "Jags"),
    ]

    private static func f(
        _ sport: String, _ code: String, _ kind: TeamAlias.Kind, _ value: String, from: (Int, Int, Int)? = nil,
        until: (Int, Int, Int)? = nil
    ) -> AliasFact {
        AliasFact(
            sport: sport, teamCode: code, kind: kind, value: value,
            validFrom: from.map { CalendarDay(year: $0.0, month: $0.1, day: $0.2) },
            validUntil: until.map { CalendarDay(year: $0.0, month: $0.1, day: $0.2) },
            source: "hand-made (Sources/DataImporter/Tables/HandTeamAliases.swift)")
    }
}
