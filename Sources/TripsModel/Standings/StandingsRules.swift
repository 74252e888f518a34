/// How a league turns results into a table: what a game earns, which columns it shows and how
/// it groups its teams. The league's own tie-breaks beyond these keys are not applied (the
/// output says so): head-to-head and the like need more than the scores hold.
public enum StandingsRules: String, Sendable, Hashable, CaseIterable {
    /// NHL: W-L-OTL, two points a win, one an overtime or shootout loss.
    case hockey
    /// NFL: W-L-T, percentage with a tie as half a win.
    case football
    /// NBA, WNBA, MLB: W-L, percentage and games behind.
    case winLoss
    /// MLS: W-L-T (draws), three points a win, one a draw.
    case soccer

    public static func of(sport: String) -> StandingsRules? {
        switch sport {
        case "nhl": return .hockey
        case "nfl": return .football
        case "nba", "wnba", "mlb": return .winLoss
        case "mls": return .soccer
        default: return nil
        }
    }

    /// A level score counts as a tie (NFL) or a draw (MLS); elsewhere it is not a result the
    /// league's table can hold, and the game is left out.
    public var hasTies: Bool { self == .football || self == .soccer }

    /// Whether the table ranks by points (NHL, MLS) rather than percentage.
    public var hasPoints: Bool { self == .hockey || self == .soccer }

    /// The level the league's own table groups by: divisions (NHL, NFL, MLB), else conferences.
    public static func groupsByDivision(sport: String) -> Bool {
        sport == "nhl" || sport == "nfl" || sport == "mlb"
    }

    /// The simplified order, said under every table.
    public var orderNote: String {
        switch self {
        case .hockey:
            return "order: points, then points %, then wins; the NHL's further tie-breaks are not applied"
        case .football: return "order: percentage, then wins; the NFL's tie-breaks are not applied"
        case .winLoss: return "order: percentage, then wins; the league's tie-breaks are not applied"
        case .soccer: return "order: points, then wins, then goal difference; MLS's further tie-breaks are not applied"
        }
    }
}
