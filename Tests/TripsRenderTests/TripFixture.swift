import Foundation
import TripsModel
import TripsPlanner
import TripsZones

@testable import TripsRender

/// A hand-made itinerary shaped like the planner's (morning departures, long legs split at
/// overnight stops, two games at one venue joined by a 0-mile leg), so the day view is tested
/// on exactly known legs rather than on whatever the planner chooses today.
///
/// Chicago, IL → (night near Eau Claire) → Target Field: MIN games Tue and Wed → a free
/// Thursday → Fri (night in Des Moines) → Kauffman Stadium Sat → Sun (night near Iowa City)
/// → Chicago, IL on Monday.
enum TripFixture {
    static let chicagoZone = "America/Chicago"

    /// An instant from a wall-clock time in `zone`: "2026-06-01 07:00".
    static func at(_ text: String, _ zone: String = chicagoZone) -> Date {
        let parts = text.split(separator: " ")
        let day = CalendarDay(iso: parts[0])!
        let hm = parts[1].split(separator: ":").map { Int($0)! }
        let info = ZoneDatabase.system.zone(zone)!
        let wall = Int64(day.dayNumber) * 86_400 + Int64(hm[0] * 3600 + hm[1] * 60)
        return Date(timeIntervalSince1970: Double(info.instant(localSeconds: wall)))
    }

    static func stadium(_ id: String, _ name: String, _ city: String, _ state: String, _ lat: Double, _ lon: Double)
        -> Stadium
    {
        Stadium(
            id: id, name: name, city: city, state: state, country: "US",
            location: Coordinate(latitude: lat, longitude: lon), timeZone: chicagoZone, sports: ["mlb"])
    }

    static func team(_ code: String, _ name: String) -> Team {
        Team(
            id: "team_mlb_\(code.lowercased())", sport: "mlb", abbreviation: code, city: "", nickname: "", name: name,
            stadiumId: nil)
    }

    static let targetField = stadium("st_tf", "Target Field", "Minneapolis", "MN", 44.9817, -93.2776)
    static let kauffman = stadium("st_kc", "Kauffman Stadium", "Kansas City", "MO", 39.0517, -94.4803)
    static let chicago = LegEndpoint(
        name: "Chicago, IL", coordinate: Coordinate(latitude: 41.85, longitude: -87.65), timeZone: chicagoZone)

    static func stop(_ id: String, _ away: String, _ home: String, at stadium: Stadium, _ start: String)
        -> ItineraryStop
    {
        let game = Game(
            id: id, sport: "mlb", season: "2026", startTime: at(start), homeTeamId: "team_mlb_\(home.lowercased())",
            awayTeamId: "team_mlb_\(away.lowercased())", stadiumId: stadium.id)
        let rich = RichGame(game: game, homeTeam: team(home, home), awayTeam: team(away, away), stadium: stadium)
        return ItineraryStop(game: rich, expectedStart: game.startTime, expectedEnd: game.startTime + 3 * 3600)
    }

    static let tuesday = stop("g_tue", "CLE", "MIN", at: targetField, "2026-06-02 19:10")
    static let wednesday = stop("g_wed", "CLE", "MIN", at: targetField, "2026-06-03 13:10")
    static let saturday = stop("g_sat", "NYY", "KC", at: kauffman, "2026-06-06 19:10")

    static func endpoint(_ stop: ItineraryStop) -> LegEndpoint {
        LegEndpoint(
            name: stop.game.stadium.name, coordinate: stop.game.stadium.location, timeZone: chicagoZone,
            gameId: stop.game.id, stadiumId: stop.game.stadium.id)
    }

    static let eauClaire = Coordinate(latitude: 44.80, longitude: -91.50)
    static let desMoines = Coordinate(latitude: 41.60, longitude: -93.61)
    static let iowaCity = Coordinate(latitude: 41.66, longitude: -91.53)

    static func night(_ stop: String, _ resume: String, miles: Double, at point: Coordinate) -> OvernightStop {
        OvernightStop(
            stopAt: at(stop), resumeAt: at(resume), milesDriven: miles, location: point, timeZone: chicagoZone)
    }

    static func leg(
        _ from: LegEndpoint, _ to: LegEndpoint, miles: Double, _ departure: String, _ arrival: String,
        nights: [OvernightStop] = []
    ) -> Leg {
        let driving =
            nights.isEmpty
            ? at(arrival).timeIntervalSince(at(departure))
            : zip([at(departure)] + nights.map(\.resumeAt), nights.map(\.stopAt) + [at(arrival)]).reduce(0) {
                $0 + $1.1.timeIntervalSince($1.0)
            }
        return Leg(
            from: from, to: to, miles: miles, driveHours: driving / 3600, earliestDeparture: at(departure),
            departure: at(departure), arrival: at(arrival), overnightStops: nights, slackMinutes: nil)
    }

    static let legs = [
        leg(
            chicago, endpoint(tuesday), miles: 412, "2026-06-01 07:00", "2026-06-02 08:30",
            nights: [night("2026-06-01 13:00", "2026-06-02 07:00", miles: 330, at: eauClaire)]),
        Leg(
            from: endpoint(tuesday), to: endpoint(wednesday), miles: 0, driveHours: 0,
            earliestDeparture: tuesday.expectedEnd, departure: tuesday.expectedEnd, arrival: tuesday.expectedEnd,
            overnightStops: [], slackMinutes: 600),
        leg(
            endpoint(wednesday), endpoint(saturday), miles: 440, "2026-06-05 08:00", "2026-06-06 09:36",
            nights: [night("2026-06-05 14:00", "2026-06-06 07:00", miles: 330, at: desMoines)]),
        leg(
            endpoint(saturday), chicago, miles: 530, "2026-06-07 08:00", "2026-06-08 10:36",
            nights: [night("2026-06-07 14:00", "2026-06-08 07:00", miles: 330, at: iowaCity)]),
    ]

    static let trip = Itinerary(
        stops: [tuesday, wednesday, saturday], legs: legs,
        totals: ItineraryTotals(games: 3, distinctStadiums: 2, miles: 1382, driveHours: 25.1), warnings: [])

    static func place(_ name: String, _ state: String, _ point: Coordinate) -> Place {
        Place(
            name: name, admin1Code: state, admin1Name: state, countryCode: "US", coordinate: point,
            timeZone: chicagoZone, population: 50_000)
    }

    static let towns = OvernightTowns([
        eauClaire: place("Eau Claire", "WI", eauClaire), desMoines: place("Des Moines", "IA", desMoines),
        iowaCity: place("Iowa City", "IA", iowaCity),
    ])

    /// A renderer over `trips` as a plan's options.
    static func renderer(_ trips: [Itinerary] = [trip], towns: OvernightTowns = towns) -> ItineraryRenderer {
        let request = PlanRequest(
            from: CalendarDay(year: 2026, month: 6, day: 1), to: CalendarDay(year: 2026, month: 6, day: 8))
        let result = PlanResult(
            itineraries: trips, isExhaustive: true, infeasibility: nil,
            statistics: PlanStatistics(gamesConsidered: 12, edges: 30))
        let games = trips.flatMap(\.stops).map(\.game)
        return ItineraryRenderer(
            result: result,
            inputs: PlanInputs(request: request, startLabel: "Chicago, IL", endLabel: "Chicago, IL", mustSeeTeams: []),
            now: at("2026-05-01 12:00"), durations: ["mlb": 180], towns: towns,
            messages: PlanMessages(games: games, teams: [], request: request))
    }
}
