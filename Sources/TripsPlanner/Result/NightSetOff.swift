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
    /// True when option 1 sets off at `departure` (it buys a game, a venue or a day); false when
    /// it sets off by day instead, for the same games, venues and days (perhaps more miles).
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

    /// Whether setting off at night buys anything over setting off by day: a game, a venue or a
    /// day (issue 40). Miles alone never do — nobody sets off at 02:45 to save 90 miles — so a
    /// trip by day as good on those three is option 1 even where it drives further, and the
    /// plan says what the night start would have saved.
    static func nightBuys(_ night: Outcome, over day: Outcome?) -> Bool {
        guard let day else { return true }
        let (d, n) = (day.totals, night.totals)
        return !(d.games >= n.games && d.distinctStadiums >= n.distinctStadiums && day.days <= night.days)
    }

    /// The miles a night start would have saved, when it was declined for a trip by day that
    /// drives further (nil when kept, or when the day's trip drives no further).
    public var milesSavedAtNight: Double? {
        guard !isKept, let day = byDay?.totals.miles, day > atNight.totals.miles + Self.milesTolerance else {
            return nil
        }
        return day - atNight.totals.miles
    }
}
