/// One team's record over the results counted. Every figure is a count of what the results
/// say; a figure they do not decide (an NHL loss the results do not say was in regulation or
/// overtime) is nil, never a guess.
public struct TeamRecord: Sendable, Hashable {
    public var teamId: String
    public var gamesPlayed = 0
    public var wins = 0
    /// Losses known to be losses outright: in regulation for the NHL (flagged, or by two goals or
    /// more, which overtime and a shootout cannot end in), every loss elsewhere.
    public var losses = 0
    /// NHL losses in overtime or a shootout, as the results state them.
    public var knownOTLosses = 0
    /// NHL one-goal losses whose results do not say how the game ended: each is an L or an OTL.
    public var undecidedLosses = 0
    /// NFL ties, MLS draws.
    public var ties = 0
    public var goalsFor = 0
    public var goalsAgainst = 0

    public init(teamId: String) { self.teamId = teamId }

    /// NHL OT losses: nil while some loss of this team is undecided.
    public var otLosses: Int? { undecidedLosses == 0 ? knownOTLosses : nil }

    /// NHL 2W + OTL, MLS 3W + T; nil for a league without points or an unknown OTL count.
    public func points(_ rules: StandingsRules) -> Int? {
        switch rules {
        case .hockey: return otLosses.map { 2 * wins + $0 }
        case .soccer: return 3 * wins + ties
        case .football, .winLoss: return nil
        }
    }

    /// The least the points can be: the undecided losses counted as regulation ones.
    public func minimumPoints(_ rules: StandingsRules) -> Int {
        points(rules) ?? 2 * wins + knownOTLosses
    }

    /// Points % (NHL: of the points the games played could have earned), else the win
    /// percentage with a tie as half a win; nil with no games or unknown points.
    public func percentage(_ rules: StandingsRules) -> Double? {
        guard gamesPlayed > 0 else { return nil }
        switch rules {
        case .hockey: return points(rules).map { Double($0) / Double(2 * gamesPlayed) }
        case .soccer: return points(rules).map { Double($0) / Double(3 * gamesPlayed) }
        case .football, .winLoss: return (Double(wins) + Double(ties) / 2) / Double(gamesPlayed)
        }
    }

    public var goalDifference: Int { goalsFor - goalsAgainst }

    /// Games behind `leader`: half the difference in wins plus half that in losses.
    public func gamesBehind(_ leader: TeamRecord) -> Double {
        Double((leader.wins - wins) + (losses - leader.losses)) / 2
    }
}
