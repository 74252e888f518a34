import FoundationEssentials
import Glibc
import InputText
import TripsModel
import TripsPlanner

/// The CSV: a row per game and drive of every option, in travel order.
extension ItineraryRenderer {
    static let csvHeader = [
        "option", "step", "kind", "local_date", "local_time", "time_zone", "start_utc", "end_utc", "game_id", "sport",
        "away", "home", "venue", "city", "state", "from", "to", "miles", "drive_hours", "overnight_stops",
    ]

    /// A `drive` row (departure in the leg's starting zone, arrival as `end_utc`) before the
    /// game it leads to, a `game` row (venue-local start), then any drive to the end place.
    /// Staying put between two games at one venue is not a drive and has no row.
    public func csv() -> String {
        var writer = CSVWriter()
        writer.row(Self.csvHeader)
        for (index, trip) in result.itineraries.enumerated() {
            var step = 0
            func add(_ cells: [String]) {
                step += 1
                writer.row(["\(index + 1)", "\(step)"] + cells)
            }
            for item in trip.travelOrder {
                switch item {
                case .leg(let leg): if leg.isDrive { add(legCells(leg)) }
                case .game(let stop): add(gameCells(stop))
                }
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

    private func legCells(_ leg: Leg) -> [String] {
        let p = clock.parts(of: leg.departure, zone: leg.from.timeZone)
        return [
            "drive", p.date, p.time, leg.from.timeZone, ISO8601.string(leg.departure), ISO8601.string(leg.arrival),
            "", "", "", "", "", "", "", leg.from.name, leg.to.name, Self.round(leg.miles, 1).formatted,
            Self.round(leg.driveHours, 2).formatted, String(leg.overnightStops.count),
        ]
    }
}
