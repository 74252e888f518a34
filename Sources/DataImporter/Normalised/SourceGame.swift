import Foundation
import TripsModel

/// One game as a schedule source states it, before teams and venues are linked to records.
struct SourceGame: Sendable, Hashable {
    /// The source's own id (MLB gamePk, ESPN event id, …); game ids are kept stable by it.
    var sourceId: String
    var start: Date
    var timeTBD: Bool = false
    /// League codes (HOU, NYK) of the league's own teams table.
    var homeCode: String
    var awayCode: String
    /// As the source writes it; nil when the venue is not decided yet.
    var venueName: String?
    var status: Game.Status
    /// The local date the source states (MLB `officialDate`), kept to check zones against.
    var localDate: CalendarDay? = nil
    /// The source's own neutral-site flag, when it has one.
    var sourceNeutral: Bool? = nil
    /// When a suspended game was resumed, as the source states it.
    var resumedAt: Date? = nil
    /// The result, for a game the source reports as over (nil otherwise, never a partial score).
    var homeScore: Int? = nil
    var awayScore: Int? = nil
    /// Ids an earlier source of the same season gave this game (Sportradar's, before the league's
    /// own): the existing bundle knows the game by one of them, so its record keeps its id.
    var formerSourceIds: [String] = []
}
