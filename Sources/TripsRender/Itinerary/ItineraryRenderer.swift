import FoundationEssentials
import Glibc
import OutputText
import TripsModel
import TripsPlanner
import TripsZones

/// Renders a plan: per option a day-by-day table that fits 80 columns, the JSON of DESIGN §8
/// (schedule keys plus "trips", each with its "days"), a CSV row per game and drive, or an
/// iCalendar file of the best option's games and drives. Times are shown exactly as planned.
public struct ItineraryRenderer: Rendering {
    public var result: PlanResult
    public var inputs: PlanInputs
    var now: Date
    var durations: [String: Int]
    var towns: OvernightTowns
    var messages: PlanMessages
    /// Set for `--tour`: its title, coverage and proof join the output.
    public var tour: TourReport?
    /// Each game's record modification time: a calendar event's SEQUENCE, so a saved trip's
    /// calendar moves an event when the league moves its game (missing: the time of the run).
    public var modified: [String: Int64] = [:]
    /// Results of games already played (`F 5–3`) in the table and calendar: a saved trip shown
    /// after its games (off for a plan, and with `trips config set scores off`).
    public var showScores = false
    let clock = LocalTimeFormatter()

    public init(
        result: PlanResult, inputs: PlanInputs, now: Date, durations: [String: Int], towns: OvernightTowns,
        messages: PlanMessages
    ) {
        self.result = result
        self.inputs = inputs
        self.now = now
        self.durations = durations
        self.towns = towns
        self.messages = messages
    }

    /// An option's days: what the table, the JSON "days" and the calendar's drives show.
    func days(of trip: Itinerary) -> [TripDay] { TripDay.days(of: trip, towns: towns, clock: clock) }

    static func miles(_ value: Double) -> String { Int(value.rounded()).grouped }
    static func hours(_ value: Double) -> String { Numeral.fixed(value, digits: 1) }

    static func round(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}
