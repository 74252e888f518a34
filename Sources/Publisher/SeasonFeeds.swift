import FeedFetch
import FoundationEssentials
import LeagueFeeds
import TripsModel

/// The requests that cover a whole league-season on the leagues' own public hosts — a season,
/// not "now": the MLB Stats API by season, NHL api-web week by week from September to June (and
/// each club's season),
/// NBA's season schedule, and ESPN's scoreboard over the season's months. Every host can be
/// replaced by one origin (`TRIPS_FEEDS_URL`), paths and queries unchanged, so tests and
/// benchmarks serve recorded responses from a local server.
public enum SeasonFeeds {
    /// The leagues whose feeds trips reads, and the host each uses.
    public static let hosts: [String: String] = [
        "mlb": "https://statsapi.mlb.com", "nhl": "https://api-web.nhle.com", "nba": "https://cdn.nba.com",
        "nfl": "https://site.api.espn.com", "mls": "https://site.api.espn.com", "wnba": "https://site.api.espn.com",
    ]

    /// ESPN's sport and league path of each league it serves.
    static let espnPaths = ["nfl": "football/nfl", "mls": "soccer/usa.1", "wnba": "basketball/wnba"]

    public static var leagues: [String] { hosts.keys.sorted() }

    /// `season` is "2026" or "2026-27"; `origin` replaces the league's host when set. `clubs`
    /// (NHL tricodes) adds each club's season schedule to the NHL's weekly walk: a game a week's
    /// answer misses is in its clubs' (the same game in several answers is read once).
    public static func requests(
        league: String, season: String, origin: String? = nil, clubs: [String] = []
    ) -> [FeedRequest] {
        guard let host = origin.map({ $0.hasSuffix("/") ? String($0.dropLast()) : $0 }) ?? hosts[league],
            let year = Int(season.prefix(4))
        else { return [] }
        func url(_ path: String) -> FeedSource? { URL(string: host + path).map(FeedSource.url) }
        switch league {
        case "mlb":
            // Every game type but spring training and the All-Star Game, each venue placed.
            let query = "sportId=1&season=\(year)&gameType=R,F,D,L,W&hydrate=venue(location,timezone)"
            return [url("/api/v1/schedule?" + query)].compactMap {
                $0.map { FeedRequest(format: .mlbStatsAPISchedule, source: $0) }
            }
        case "nba":
            // The league publishes the season under way (and, once released, the next) here.
            return [url("/static/json/staticData/scheduleLeagueV2.json")].compactMap {
                $0.map { FeedRequest(format: .nbaScheduleLeague, source: $0) }
            }
        case "nhl":
            // Each answer is one game week: weeks from Sep 1 to Jun 30 cover preseason to the final.
            var day = CalendarDay(year: year, month: 9, day: 1)
            let last = CalendarDay(year: year + 1, month: 6, day: 30)
            var requests: [FeedRequest] = []
            while day <= last {
                if let source = url("/v1/schedule/\(day)") {
                    requests.append(FeedRequest(format: .nhlSchedule, source: source))
                }
                day = day.adding(days: 7)
            }
            let code = "\(year)\(year + 1)"
            for club in Set(clubs).sorted() where !club.isEmpty && club.allSatisfy({ $0.isLetter && $0.isASCII }) {
                if let source = url("/v1/club-schedule-season/\(club)/\(code)") {
                    requests.append(FeedRequest(format: .nhlSchedule, source: source))
                }
            }
            return requests
        default:
            guard let path = espnPaths[league] else { return [] }
            // Regular seasons by month: NFL Sep–Jan, MLS Feb–Dec, WNBA May–Oct; one range each.
            let (from, to) =
                league == "nfl"
                ? ("\(year)0901", "\(year + 1)0131")
                : league == "mls" ? ("\(year)0201", "\(year)1215") : ("\(year)0501", "\(year)1031")
            return [url("/apis/site/v2/sports/\(path)/scoreboard?dates=\(from)-\(to)&limit=1000")].compactMap {
                $0.map { FeedRequest(format: .espnScoreboard, source: $0) }
            }
        }
    }

    /// The season of `league` under way on `today`, or the next one to begin: MLB, MLS and WNBA
    /// play within a year, the NFL from September into February, the NBA and NHL from October
    /// to June.
    public static func season(of league: String, on today: CalendarDay) -> String {
        switch league {
        case "nfl": return String(today.month >= 3 ? today.year : today.year - 1)
        case "nba", "nhl":
            let start = today.month >= 7 ? today.year : today.year - 1
            return "\(start)-\(String(start + 1).suffix(2))"
        default: return String(today.month == 12 ? today.year + 1 : today.year)
        }
    }
}
