/// Hand-made league facts no raw file carries: NHL, WNBA and MLS conferences and divisions,
/// and each league's own team codes where the sources use others (ESPN, Sportradar).
/// Checked against the leagues' 2025-26 / 2026 standings pages.
enum LeagueTables {
    /// ESPN → NBA codes (the league's own tricodes).
    static let nbaCodes = ["NY": "NYK", "SA": "SAS", "GS": "GSW", "NO": "NOP", "UTAH": "UTA", "WSH": "WAS"]
    /// ESPN → NFL codes (NFL.com: WAS, and LA for the Rams).
    static let nflCodes = ["WSH": "WAS", "LAR": "LA"]
    /// ESPN → WNBA codes (WNBA.com).
    static let wnbaCodes = ["GS": "GSV", "LA": "LAS", "LV": "LVA", "NY": "NYL", "PHX": "PHO", "WSH": "WAS"]
    /// Sportradar → NHL codes (NHL.com tricodes).
    static let nhlCodes = ["LA": "LAK", "NJ": "NJD", "SJ": "SJS", "TB": "TBL"]

    static let nhl = LeagueTree(
        sport: "nhl", name: "National Hockey League", abbreviation: "NHL",
        conferences: [
            .init(
                code: "east", name: "Eastern Conference", abbreviation: "East",
                divisions: [
                    ("Atlantic", ["BOS", "BUF", "DET", "FLA", "MTL", "OTT", "TBL", "TOR"]),
                    ("Metropolitan", ["CAR", "CBJ", "NJD", "NYI", "NYR", "PHI", "PIT", "WSH"]),
                ]),
            .init(
                code: "west", name: "Western Conference", abbreviation: "West",
                divisions: [
                    ("Central", ["CHI", "COL", "DAL", "MIN", "NSH", "STL", "UTA", "WPG"]),
                    ("Pacific", ["ANA", "CGY", "EDM", "LAK", "SEA", "SJS", "VAN", "VGK"]),
                ]),
        ])

    static let wnba = LeagueTree(
        sport: "wnba", name: "Women's National Basketball Association", abbreviation: "WNBA",
        conferences: [
            .init(
                code: "east", name: "Eastern Conference", abbreviation: "East", divisions: [],
                teams: ["ATL", "CHI", "CON", "IND", "NYL", "TOR", "WAS"]),
            .init(
                code: "west", name: "Western Conference", abbreviation: "West", divisions: [],
                teams: ["DAL", "GSV", "LAS", "LVA", "MIN", "PHO", "POR", "SEA"]),
        ])

    static let mls = LeagueTree(
        sport: "mls", name: "Major League Soccer", abbreviation: "MLS",
        conferences: [
            .init(
                code: "east", name: "Eastern Conference", abbreviation: "East", divisions: [],
                teams: [
                    "ATL", "CHI", "CIN", "CLB", "CLT", "DC", "MIA", "MTL", "NE", "NSH", "NYC", "NYRB", "ORL", "PHI",
                    "TOR",
                ]),
            .init(
                code: "west", name: "Western Conference", abbreviation: "West", divisions: [],
                teams: [
                    "ATX", "COL", "DAL", "HOU", "LA", "LAFC", "MIN", "POR", "RSL", "SD", "SEA", "SJ", "SKC", "STL",
                    "VAN",
                ]),
        ])

    /// MLS clubs as the fixture calendars name them → league code, city, nickname, name.
    /// The calendars give only names; codes are MLS's own (mysoccerpassport arenas.json teamCode).
    static let mlsClubs: [String: TeamEntry] = {
        let rows: [(String, String, String, String, String)] = [
            ("Atlanta United", "ATL", "Atlanta", "Atlanta United", "Atlanta United"),
            ("Austin FC", "ATX", "Austin", "Austin FC", "Austin FC"),
            ("CF Montreal", "MTL", "Montréal", "CF Montréal", "CF Montréal"),
            ("Charlotte FC", "CLT", "Charlotte", "Charlotte FC", "Charlotte FC"),
            ("Chicago Fire FC", "CHI", "Chicago", "Fire", "Chicago Fire FC"),
            ("Colorado Rapids", "COL", "Colorado", "Rapids", "Colorado Rapids"),
            ("Columbus Crew", "CLB", "Columbus", "Crew", "Columbus Crew"),
            ("D.C. United", "DC", "Washington", "D.C. United", "D.C. United"),
            ("FC Cincinnati", "CIN", "Cincinnati", "FC Cincinnati", "FC Cincinnati"),
            ("FC Dallas", "DAL", "Dallas", "FC Dallas", "FC Dallas"),
            ("Houston Dynamo FC", "HOU", "Houston", "Dynamo", "Houston Dynamo FC"),
            ("Inter Miami CF", "MIA", "Miami", "Inter Miami", "Inter Miami CF"),
            ("LA Galaxy", "LA", "Los Angeles", "Galaxy", "LA Galaxy"),
            ("Los Angeles FC", "LAFC", "Los Angeles", "LAFC", "Los Angeles FC"),
            ("Minnesota United", "MIN", "Minnesota", "Minnesota United", "Minnesota United FC"),
            ("Nashville SC", "NSH", "Nashville", "Nashville SC", "Nashville SC"),
            ("New England Revolution", "NE", "New England", "Revolution", "New England Revolution"),
            ("New York City FC", "NYC", "New York", "NYCFC", "New York City FC"),
            ("Orlando City", "ORL", "Orlando", "Orlando City", "Orlando City SC"),
            ("Philadelphia Union", "PHI", "Philadelphia", "Union", "Philadelphia Union"),
            ("Portland Timbers", "POR", "Portland", "Timbers", "Portland Timbers"),
            ("Real Salt Lake", "RSL", "Salt Lake", "Real Salt Lake", "Real Salt Lake"),
            ("Red Bull New York", "NYRB", "New York", "Red Bulls", "Red Bull New York"),
            ("San Diego FC", "SD", "San Diego", "San Diego FC", "San Diego FC"),
            ("San Jose Earthquakes", "SJ", "San Jose", "Earthquakes", "San Jose Earthquakes"),
            ("Seattle Sounders FC", "SEA", "Seattle", "Sounders", "Seattle Sounders FC"),
            ("Sporting Kansas City", "SKC", "Kansas City", "Sporting", "Sporting Kansas City"),
            ("St. Louis City SC", "STL", "St. Louis", "St. Louis City", "St. Louis City SC"),
            ("Toronto FC", "TOR", "Toronto", "Toronto FC", "Toronto FC"),
            ("Vancouver Whitecaps FC", "VAN", "Vancouver", "Whitecaps", "Vancouver Whitecaps FC"),
        ]
        var clubs: [String: TeamEntry] = [:]
        for (source, code, city, nickname, name) in rows {
            clubs[source] = TeamEntry(code: code, name: name, nickname: nickname, city: city)
        }
        // The calendars spell the Red Bulls both ways.
        clubs["New York Red Bulls"] = clubs["Red Bull New York"]
        return clubs
    }()

    /// NHL nicknames of more than one word (the rest are the last word of the name).
    static let nhlLongNicknames = ["Maple Leafs", "Blue Jackets", "Red Wings", "Golden Knights"]
}
