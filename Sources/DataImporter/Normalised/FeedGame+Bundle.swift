import Foundation
import LeagueFeeds
import TripsModel

/// The bundle's raw readers state their games in the one normal form the live feeds use: clubs
/// by the league's own codes (HOU, NYK), the venue by name, nothing the source leaves out guessed.
extension FeedGame {
    /// League and season are the `BundleSeason`'s; a neutral site only where the source flags
    /// one (a season whose source has no flag has them found by the linker).
    init(
        sourceId: String, start: Date, timeTBD: Bool = false, homeCode: String, awayCode: String,
        venueName: String?, status: Game.Status, localDate: CalendarDay? = nil, neutral: Bool = false,
        resumedAt: Date? = nil, homeScore: Int? = nil, awayScore: Int? = nil, formerSourceIds: [String] = []
    ) {
        self.init(
            league: "", gameId: sourceId, season: "", seasonType: .regular, localDate: localDate, start: start,
            timeTBD: timeTBD, status: FeedGameStatus(status),
            suspension: resumedAt.map { FeedSuspension(resumes: FeedSlot(date: nil, start: $0)) },
            home: FeedTeam(code: homeCode), away: FeedTeam(code: awayCode),
            score: homeScore.flatMap { home in awayScore.map { FeedScore(home: home, away: $0) } },
            venue: venueName.map { FeedVenue(id: nil, name: $0) }, isNeutralSite: neutral)
        formerGameIds = formerSourceIds
    }

    var sourceId: String { gameId }
    var homeCode: String { home.id }
    var awayCode: String { away.id }
    var venueName: String? { venue?.name }
    var resumedAt: Date? { suspension?.resumes?.start }
}

extension FeedTeam {
    /// A club a bundle source names by the league's code: the code is all it says of the club.
    init(code: String) {
        self.init(id: code, abbreviation: code, name: code, location: nil)
    }
}

extension FeedGameStatus {
    init(_ status: Game.Status) {
        switch status {
        case .scheduled: self = .scheduled
        case .final: self = .final
        case .postponed: self = .postponed
        case .cancelled: self = .cancelled
        case .suspended: self = .suspended
        case .completedEarly: self = .completedEarly
        }
    }
}
