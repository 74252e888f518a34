/// Each home team's venue of record in a batch of feed games: where it plays at least two home
/// games and more than anywhere else. A game away from it is at a neutral site (Seoul, London,
/// Rickwood Field), known from the data rather than from a list of names; a team that moved for
/// a season (the Rays at Steinbrenner Field) has its new park as its venue of record.
public struct HomeVenues: Sendable {
    /// By "league|team id": the venue key of record.
    private var record: [String: String] = [:]

    public init(_ games: [FeedGame]) {
        var counts: [String: [String: Int]] = [:]
        for game in games where game.status != .postponed {
            guard let venue = game.venue else { continue }
            counts[Self.team(game), default: [:]][venue.key, default: 0] += 1
        }
        for (team, venues) in counts {
            let ranked = venues.sorted { $0.value > $1.value }
            guard let first = ranked.first, first.value >= 2 else { continue }
            if ranked.count > 1, ranked[1].value == first.value { continue }
            record[team] = first.key
        }
    }

    /// The home team's venue of record, when the batch shows one.
    public func venueOfRecord(of game: FeedGame) -> String? { record[Self.team(game)] }

    /// Whether the game is at a neutral site: the feed says so, or it is away from the home
    /// team's venue of record.
    public func isNeutralSite(_ game: FeedGame) -> Bool {
        if game.isNeutralSite { return true }
        guard let venue = game.venue, let home = record[Self.team(game)] else { return false }
        return venue.key != home
    }

    private static func team(_ game: FeedGame) -> String { game.league + "|" + game.home.id }
}
