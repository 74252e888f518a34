import FoundationEssentials

/// With night driving, a trip that sets off in the night (outside 07:00–23:00 where it starts)
/// against the best one that sets off by day, so the plan can say what the night start buys — a
/// game, a venue, a day or miles — or, where it buys nothing, set off by day instead: comfort
/// orders trips that tie and never costs the objective (issue 29).
public struct NightSetOff: Sendable, Hashable, Codable {
    /// When option 1 sets off (kept) or would have set off (declined).
    public var departure: Date
    /// The start place's zone, for showing `departure` as the fan's clock reads it.
    public var timeZone: String
    /// True when option 1 sets off at `departure` (it buys something); false when it sets off by
    /// day instead, for the same games, venues and miles.
    public var isKept: Bool
    /// The night start's option 1.
    public var atNight: Outcome
    /// Option 1 of a start by day; nil when no trip fits a start by day.
    public var byDay: Outcome?

    /// What an option 1 adds up to, and its local days from the first departure to the last game
    /// or the arrival at the end place.
    public struct Outcome: Sendable, Hashable, Codable {
        public var totals: ItineraryTotals
        public var days: Int

        public init(totals: ItineraryTotals, days: Int) {
            self.totals = totals
            self.days = days
        }
    }

    public init(departure: Date, timeZone: String, isKept: Bool, atNight: Outcome, byDay: Outcome?) {
        self.departure = departure
        self.timeZone = timeZone
        self.isKept = isKept
        self.atNight = atNight
        self.byDay = byDay
    }

    /// Miles two trips may differ by and still tie: the same drives summed in another order.
    static let milesTolerance = 1e-6

    /// Whether setting off at night buys anything over setting off by day. Where the trip by day
    /// is as good on every count the two tie (the night start's option 1 is the best there is),
    /// and the one by day is the one a person would drive.
    static func nightBuys(_ night: Outcome, over day: Outcome?) -> Bool {
        guard let day else { return true }
        let (d, n) = (day.totals, night.totals)
        let asGood =
            d.games >= n.games && d.distinctStadiums >= n.distinctStadiums && day.days <= night.days
            && d.miles <= n.miles + milesTolerance
        return !asGood
    }
}
