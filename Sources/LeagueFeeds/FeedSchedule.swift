/// What a reader made of one response: the games, the distinct venues they name, and the games it
/// left out and why (so "8 placeholders skipped" can be said, not silently lost).
public struct FeedSchedule: Sendable, Hashable {
    public var format: FeedFormat
    public var games: [FeedGame]
    /// Each venue once, in order of first appearance.
    public var venues: [FeedVenue]
    public var skipped: [FeedSkip]

    public init(format: FeedFormat, games: [FeedGame], venues: [FeedVenue], skipped: [FeedSkip]) {
        self.format = format
        self.games = games
        self.venues = venues
        self.skipped = skipped
    }

    /// Games left out because a team was a placeholder ("TBD vs TBD").
    public var skippedPlaceholders: Int { skipped.count { $0.reason == .placeholderTeams } }
}

/// A game the reader left out.
public struct FeedSkip: Sendable, Hashable {
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// A home or away team without a real team (Cup and playoff slots not yet decided).
        case placeholderTeams
        /// An All-Star game or another exhibition between made-up sides.
        case allStar
    }

    public var gameId: String
    public var reason: Reason

    public init(gameId: String, reason: Reason) {
        self.gameId = gameId
        self.reason = reason
    }
}

/// Collects a reader's games, venues (each once) and skips.
struct FeedScheduleBuilder {
    let format: FeedFormat
    private var games: [FeedGame] = []
    private var venues: [FeedVenue] = []
    private var venueKeys: Set<String> = []
    private var skipped: [FeedSkip] = []

    init(format: FeedFormat) { self.format = format }

    mutating func add(_ game: FeedGame) {
        if let venue = game.venue, venueKeys.insert(venue.key).inserted { venues.append(venue) }
        games.append(game)
    }

    mutating func skip(_ gameId: String, _ reason: FeedSkip.Reason) {
        skipped.append(FeedSkip(gameId: gameId, reason: reason))
    }

    var schedule: FeedSchedule { FeedSchedule(format: format, games: games, venues: venues, skipped: skipped) }
}
