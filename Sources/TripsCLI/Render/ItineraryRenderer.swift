import Foundation
import TripsModel
import TripsPlanner
import TripsZones

/// Renders a plan: a table per option (legs and games in venue-local time), the JSON of
/// DESIGN §8 (schedule keys plus "trips"), or an iCalendar file of the best option.
struct ItineraryRenderer: Rendering {
    var result: PlanResult
    var inputs: PlanInputs
    var now: Date
    var durations: [String: Int]
    private let clock = LocalTimeFormatter()

    init(result: PlanResult, inputs: PlanInputs, now: Date, durations: [String: Int]) {
        self.result = result
        self.inputs = inputs
        self.now = now
        self.durations = durations
    }

    /// The planner sets off from the start place as early as the day allows (07:00); a fan
    /// would rather leave later and arrive an hour before the gates. Shift that first drive as
    /// late as its slack allows, when the shifted drive stays within one day's waking hours.
    func presented(_ leg: Leg) -> Leg {
        guard leg.from.gameId == nil, leg.overnightStops.isEmpty, let slack = leg.slackMinutes, slack > 60 else {
            return leg
        }
        let shift = (slack - 60) * 60
        var moved = leg
        moved.departure = leg.departure.addingTimeInterval(shift)
        moved.arrival = leg.arrival.addingTimeInterval(shift)
        moved.slackMinutes = 60
        let start = clock.parts(of: moved.departure, zone: leg.from.timeZone)
        let end = clock.parts(of: moved.arrival, zone: leg.from.timeZone)
        let awake = { (p: LocalTimeFormatter.Parts) in p.time >= "07:00" && p.time < "23:00" }
        return start.day == end.day && awake(start) && awake(end) ? moved : leg
    }

    // MARK: Table

    func table(style: Style) -> String {
        guard !result.itineraries.isEmpty else { return "" }
        var out = ""
        for (index, trip) in result.itineraries.enumerated() {
            if index > 0 { out += "\n" }
            out += style.bold("Option \(index + 1)") + "  " + summary(trip) + "\n"
            var table = TextTable(headers: ["DATE", "TIME", "WHAT", "WHERE", "MILES", "HOURS"])
            table.rightAligned = [4, 5]
            var legIndex = 0
            for stop in trip.stops {
                // The leg that arrives at this game, if any.
                if legIndex < trip.legs.count, trip.legs[legIndex].to.gameId == stop.game.id {
                    if !Self.isStay(trip.legs[legIndex]) { table.add(legRow(trip.legs[legIndex])) }
                    legIndex += 1
                }
                table.add(gameRow(stop))
            }
            while legIndex < trip.legs.count {
                if !Self.isStay(trip.legs[legIndex]) { table.add(legRow(trip.legs[legIndex])) }
                legIndex += 1
            }
            out += table.render(style: style).split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
            for warning in trip.warnings { out += "  " + style.yellow("! \(warning)".terminalSafe) + "\n" }
        }
        var footer = "\(result.statistics.gamesConsidered) games considered, \(result.statistics.edges) connections"
        if !result.isExhaustive { footer += " · search limit reached: these are the best found, not proven best" }
        out += "\n" + style.dim(footer) + "\n"
        return out
    }

    private func summary(_ trip: Itinerary) -> String {
        let t = trip.totals
        return
            "\(t.games) game\(t.games == 1 ? "" : "s") · \(t.distinctStadiums) venue\(t.distinctStadiums == 1 ? "" : "s") · "
            + "\(Self.miles(t.miles)) mi · \(Self.hours(t.driveHours)) h driving"
    }

    private func gameRow(_ stop: ItineraryStop) -> [String] {
        let g = stop.game
        let p = clock.parts(of: g.game.startTime, zone: g.stadium.timeZone)
        let time = g.game.timeTBD ? "TBD" : "\(p.time) \(p.zoneAbbreviation)"
        let city = g.stadium.state.isEmpty ? g.stadium.city : "\(g.stadium.city), \(g.stadium.state)"
        return [
            "\(p.weekday) \(p.date)", time, "\(g.awayTeam.abbreviation) @ \(g.homeTeam.abbreviation)",
            "\(g.stadium.name), \(city)", "", "",
        ]
    }

    private func legRow(_ planned: Leg) -> [String] {
        let leg = presented(planned)
        let p = clock.parts(of: leg.departure, zone: leg.from.timeZone)
        let arrive = clock.parts(of: leg.arrival, zone: leg.to.timeZone)
        var note =
            "from \(leg.from.name), arrive " + (arrive.date == p.date ? "" : "\(arrive.weekday) ")
            + "\(arrive.time) \(arrive.zoneAbbreviation)"
        if !leg.overnightStops.isEmpty {
            note += " (\(leg.overnightStops.count) night\(leg.overnightStops.count == 1 ? "" : "s") on the road)"
        }
        return [
            "\(p.weekday) \(p.date)", "\(p.time) \(p.zoneAbbreviation)", "drive → \(leg.to.name)", note,
            Self.miles(leg.miles), Self.hours(leg.driveHours),
        ]
    }

    /// Staying put between two games at the same venue is not worth a row.
    static func isStay(_ leg: Leg) -> Bool {
        leg.miles < 0.5 && leg.from.stadiumId != nil && leg.from.stadiumId == leg.to.stadiumId
    }

    static func miles(_ value: Double) -> String { String(Int(value.rounded())) }
    static func hours(_ value: Double) -> String { String(format: "%.1f", value) }

    // MARK: JSON

    func json() -> JSONDocument {
        let schedule = ScheduleRenderer(entries: [], times: .venue)
        let allGames = Dictionary(result.itineraries.flatMap(\.stops).map { ($0.game.id, $0.game) }) { a, _ in a }
            .values.sorted { ($0.game.startTime, $0.id) < ($1.game.startTime, $1.id) }
        let request = inputs.request
        func strings(_ items: [String]) -> JSONDocument { .array(items.map(JSONDocument.string)) }
        let query: JSONDocument = .object([
            ("sports", strings(request.sports.sorted())),
            ("from", .string(request.from.description)),
            ("to", .string(request.to.description)),
            ("start", .string(inputs.startLabel)),
            ("end", .string(inputs.endLabel)),
            ("mustSeeTeams", strings(request.mustSeeTeamIds)),
            ("mustSeeGames", strings(request.mustSeeGameIds)),
            ("maxDriveHours", .double(request.driving.maxHoursPerDay)),
            ("optimize", .string(request.objective.rawValue)),
            ("options", .int(request.options)),
        ])
        let trips: [JSONDocument] = result.itineraries.map { trip in
            .object([
                ("games", .array(trip.stops.map { schedule.gameJSON(ScheduleEntry($0.game, now: now)) })),
                ("legs", .array(trip.legs.map(legJSON))),
                ("totalMiles", .double(Self.round(trip.totals.miles, 1))),
                ("totalDriveHours", .double(Self.round(trip.totals.driveHours, 2))),
                ("distinctStadiums", .int(trip.totals.distinctStadiums)),
                ("warnings", .array(trip.warnings.map { .string($0.description) })),
            ])
        }
        return .object([
            ("generatedAt", .string(ISO8601.string(now))),
            ("query", query),
            ("games", .array(allGames.map { schedule.gameJSON(ScheduleEntry($0, now: now)) })),
            ("trips", .array(trips)),
            ("exhaustive", .bool(result.isExhaustive)),
            ("infeasibility", .string(result.itineraries.isEmpty ? result.infeasibility?.description : nil)),
            (
                "statistics",
                .object([
                    ("gamesConsidered", .int(result.statistics.gamesConsidered)),
                    ("edges", .int(result.statistics.edges)),
                ])
            ),
        ])
    }

    private func legJSON(_ planned: Leg) -> JSONDocument {
        let leg = presented(planned)
        return .object([
            ("from", .string(leg.from.name)),
            ("to", .string(leg.to.name)),
            ("miles", .double(Self.round(leg.miles, 1))),
            ("driveHours", .double(Self.round(leg.driveHours, 2))),
            ("departure", .string(ISO8601.string(leg.departure))),
            ("arrival", .string(ISO8601.string(leg.arrival))),
            ("overnightStops", .int(leg.overnightStops.count)),
        ])
    }

    static func round(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    // MARK: CSV

    static let csvHeader = [
        "option", "step", "kind", "local_date", "local_time", "time_zone", "start_utc", "end_utc", "game_id", "sport",
        "away", "home", "venue", "city", "state", "from", "to", "miles", "drive_hours", "overnight_stops",
    ]

    /// One row per stop and leg of every option, in travel order: a `drive` row (departure in
    /// the leg's starting zone, arrival as `end_utc`) before the game it leads to, a `game` row
    /// (venue-local start), then any drive to the end place. Every leg is listed, staying put
    /// at one venue included, as in the JSON.
    func csv() -> String {
        var writer = CSVWriter()
        writer.row(Self.csvHeader)
        for (index, trip) in result.itineraries.enumerated() {
            var step = 0
            func add(_ cells: [String]) {
                step += 1
                writer.row(["\(index + 1)", "\(step)"] + cells)
            }
            var legIndex = 0
            for stop in trip.stops {
                if legIndex < trip.legs.count, trip.legs[legIndex].to.gameId == stop.game.id {
                    add(legCells(trip.legs[legIndex]))
                    legIndex += 1
                }
                add(gameCells(stop))
            }
            while legIndex < trip.legs.count {
                add(legCells(trip.legs[legIndex]))
                legIndex += 1
            }
        }
        return writer.text
    }

    private func gameCells(_ stop: ItineraryStop) -> [String] {
        let g = stop.game
        let p = clock.parts(of: g.game.startTime, zone: g.stadium.timeZone)
        return [
            "game", p.date, g.game.timeTBD ? "" : p.time, g.stadium.timeZone, ISO8601.string(g.game.startTime), "",
            g.id, g.game.sport, g.awayTeam.abbreviation, g.homeTeam.abbreviation, g.stadium.name, g.stadium.city,
            g.stadium.state, "", "", "", "", "",
        ]
    }

    private func legCells(_ planned: Leg) -> [String] {
        let leg = presented(planned)
        let p = clock.parts(of: leg.departure, zone: leg.from.timeZone)
        return [
            "drive", p.date, p.time, leg.from.timeZone, ISO8601.string(leg.departure), ISO8601.string(leg.arrival),
            "", "", "", "", "", "", "", leg.from.name, leg.to.name, Self.round(leg.miles, 1).formatted,
            Self.round(leg.driveHours, 2).formatted, String(leg.overnightStops.count),
        ]
    }

    // MARK: ICS

    /// The best option's games as events, each describing the drive that leads to it.
    func calendar() -> String {
        guard let trip = result.itineraries.first else {
            return CalendarRenderer(now: now, durations: durations, calendarName: "trips plan").calendar(
                events: [], zones: [], span: [])
        }
        var renderer = CalendarRenderer(now: now, durations: durations)
        renderer.calendarName = "trips: \(inputs.request.from) to \(inputs.request.to)"
        var events: [[String]] = []
        for stop in trip.stops {
            let leg = trip.legs.first { $0.to.gameId == stop.game.id }
            let note = leg.map(presented).map { l -> String in
                let dep = clock.parts(of: l.departure, zone: l.from.timeZone)
                return
                    "Drive from \(l.from.name): \(Self.miles(l.miles)) mi, \(Self.hours(l.driveHours)) h — leave \(dep.weekday) \(dep.date) \(dep.time) \(dep.zoneAbbreviation)"
            }
            events.append(renderer.event(for: ScheduleEntry(stop.game, now: now), description: note))
        }
        let entries = trip.stops.map { ScheduleEntry($0.game, now: now) }
        return renderer.calendar(
            events: events, zones: Set(entries.filter { !$0.game.timeTBD }.map(\.venueZone)),
            span: entries.map(\.game.startTime))
    }
}
