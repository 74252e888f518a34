import FoundationEssentials
import Glibc
import TripsModel
import TripsPlanner
import TripsZones

/// The JSON: DESIGN §8's schedule keys plus "trips"; each trip keeps its games, legs and totals
/// and adds "days" (date, wake, drives, games, sleep) with local times that carry their offset,
/// so a program reads the same days the table shows.
extension ItineraryRenderer {
    public func json() -> JSONDocument {
        let schedule = ScheduleRenderer(entries: [], times: .venue)
        let allGames = Dictionary(result.itineraries.flatMap(\.stops).map { ($0.game.id, $0.game) }) { a, _ in a }
            .values.sorted { ($0.game.startTime, $0.id) < ($1.game.startTime, $1.id) }
        let request = inputs.request
        func strings(_ items: [String]) -> JSONDocument { .array(items.map(JSONDocument.string)) }
        // A tour's query is the window it was asked for, as its "tour" says, not the narrower
        // one its search ran over (first to last usable game).
        let window = tour?.tour.request.window
        let query: JSONDocument = .object([
            ("sports", strings(request.sports.sorted())),
            ("from", .string((window?.lowerBound ?? request.from).description)),
            ("to", .string((window?.upperBound ?? request.to).description)),
            ("start", .string(inputs.startLabel)),
            ("end", .string(inputs.endLabel)),
            ("mustSeeTeams", strings(request.mustSeeTeamIds)),
            ("mustSeeGames", strings(request.mustSeeGameIds)),
            ("maxDriveHours", .double(request.driving.maxHoursPerDay)),
            ("nightDriving", .bool(request.driving.allowsOvernightDriving)),
            ("travel", .string((tour?.tour.request.travel ?? request.travelMode).rawValue)),
            // A tour's objective (days, driving, distance), not the plan default it was run with.
            ("optimize", .string(tour?.tour.request.objective.rawValue ?? request.objective.rawValue)),
            ("options", .int(request.options)),
        ])
        let trips: [JSONDocument] = result.itineraries.map { trip in
            .object(
                [
                    ("games", .array(trip.stops.map { schedule.gameJSON(ScheduleEntry($0.game, now: now)) })),
                    ("legs", .array(trip.legs.map(legJSON))),
                    ("totalMiles", .double(Self.round(trip.totals.miles, 1))),
                    ("totalDriveHours", .double(Self.round(trip.totals.driveHours, 2))),
                    ("distinctStadiums", .int(trip.totals.distinctStadiums)),
                    ("warnings", .array(trip.warnings.map { .string(messages.warning($0, in: trip)) })),
                    ("days", .array(days(of: trip).map(dayJSON))),
                ] + roadTimesJSON(trip))
        }
        var tourKeys: [(String, JSONDocument)] = []
        if let tour {
            tourKeys = tour.json()
        } else if result.interrupted {
            tourKeys = [
                ("interrupted", .bool(true)),
                ("bound", result.bound.map { JSONDocument.double(Self.round($0, 1)) } ?? .null),
                ("gap", result.gapPercent.map { JSONDocument.double(Self.round($0, 2)) } ?? .null),
            ]
        }
        return .object(
            [
                ("generatedAt", .string(ISO8601.string(now))),
                ("query", query),
            ] + tourKeys + [

                ("games", .array(allGames.map { schedule.gameJSON(ScheduleEntry($0, now: now)) })),
                ("trips", .array(trips)),
                ("exhaustive", .bool(result.isExhaustive)),
                ("bestProven", .bool(result.bestIsProven)),
                ("mostGames", result.mostGames.map { .int($0) } ?? .null),
                ("mostVenues", result.mostVenues.map { .int($0) } ?? .null),
                // Proven fewest miles of a trip with `mostGames` and `mostVenues`, and option 1's gap to it.
                ("milesBound", result.milesBound.map { JSONDocument.double(Self.round($0, 1)) } ?? .null),
                ("milesGap", Self.milesGapPercent(result).map { JSONDocument.double(Self.round($0, 2)) } ?? .null),
                ("nightSetOff", nightSetOffJSON()),
                (
                    "infeasibility",
                    .string(result.itineraries.isEmpty ? result.infeasibility.map(messages.infeasibility) : nil)
                ),
                (
                    "statistics",
                    .object([
                        ("gamesConsidered", .int(result.statistics.gamesConsidered)),
                        ("edges", .int(result.statistics.edges)),
                    ])
                ),
            ])
    }

    /// Where option 1 would set off before 07:00 with night driving: `{"departure", "kept",
    /// "atNight", "byDay", "note"}` — whether it still does, and what each start's best trip adds
    /// up to (`byDay` null when none fits); null otherwise.
    private func nightSetOffJSON() -> JSONDocument {
        guard let choice = result.nightSetOff else { return .null }
        func outcome(_ o: NightSetOff.Outcome) -> JSONDocument {
            .object([
                ("games", .int(o.totals.games)), ("venues", .int(o.totals.distinctStadiums)),
                ("days", .int(o.days)), ("miles", .double(Self.round(o.totals.miles, 1))),
            ])
        }
        return .object([
            ("departure", .string(ISO8601.string(choice.departure))),
            ("kept", .bool(choice.isKept)),
            ("atNight", outcome(choice.atNight)),
            ("byDay", choice.byDay.map(outcome) ?? .null),
            ("note", .string(messages.nightSetOff(choice))),
        ])
    }

    /// A leg; one that flies has its `flight` (estimated: `FlightRules`), its miles and hours
    /// being the drives to and from the airports.
    private func legJSON(_ leg: Leg) -> JSONDocument {
        .object(
            [
                ("mode", .string(leg.mode.rawValue)),
                ("from", .string(leg.from.name)),
                ("to", .string(leg.to.name)),
                ("miles", .double(Self.round(leg.miles, 1))),
                ("driveHours", .double(Self.round(leg.driveHours, 2))),
                ("departure", .string(ISO8601.string(leg.departure))),
                ("arrival", .string(ISO8601.string(leg.arrival))),
                ("overnightStops", .int(leg.overnightStops.count)),
            ] + (leg.flight.map { [("flight", flightJSON($0))] } ?? []))
    }

    private func flightJSON(_ flight: LegFlight) -> JSONDocument {
        .object([
            ("from", .string(flight.from.iata)),
            ("fromName", .string(flight.from.name)),
            ("to", .string(flight.to.iata)),
            ("toName", .string(flight.to.name)),
            ("depart", .string(ISO8601.local(flight.departure, zone: flight.from.timeZone))),
            ("arrive", .string(ISO8601.local(flight.arrival, zone: flight.to.timeZone))),
            ("miles", .double(Self.round(flight.greatCircleMiles, 1))),
            ("connects", .bool(flight.connects)),
            ("estimated", .bool(true)),
            ("toAirportMiles", .double(Self.round(flight.toAirportMiles, 1))),
            ("fromAirportMiles", .double(Self.round(flight.fromAirportMiles, 1))),
        ])
    }

    /// `{"date", "wake", "drives": [{"from", "to", "depart", "arrive", "miles", "hours"}],
    /// "games": [{"id", "matchup", "venue", "start"}], "sleep"}`.
    private func dayJSON(_ day: TripDay) -> JSONDocument {
        .object([
            ("date", .string(day.date.description)),
            ("wake", .string(day.wake)),
            (
                "drives",
                .array(
                    day.drives.map { drive in
                        .object([
                            ("mode", .string(drive.flight == nil ? "drive" : "fly")),
                            ("from", .string(drive.from)),
                            ("to", .string(drive.to)),
                            ("depart", .string(ISO8601.local(drive.departure, zone: drive.departureZone))),
                            ("arrive", .string(ISO8601.local(drive.arrival, zone: drive.arrivalZone))),
                            ("miles", .double(Self.round(drive.miles, 1))),
                            ("hours", .double(Self.round(drive.hours, 2))),
                        ])
                    })
            ),
            (
                "games",
                .array(
                    day.games.map { stop in
                        let g = stop.game
                        return .object([
                            ("id", .string(g.id)),
                            ("matchup", .string(PlanMessages.matchup(g))),
                            ("venue", .string(g.stadium.name)),
                            // When the plan expects it to start (a doubleheader's game 2: estimated).
                            ("start", .string(ISO8601.local(stop.expectedStart, zone: g.stadium.timeZone))),
                        ])
                    })
            ),
            ("sleep", .string(day.sleep)),
        ])
    }
}
