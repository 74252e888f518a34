import Foundation
import TripsModel
import TripsPlanner
import TripsZones

/// Hand-built schedules for planner tests: stadiums placed a known number of great-circle miles
/// north of a base point (so drive times are exact), games at venue-local wall-clock times.
struct Fixture {
    /// Miles per degree of latitude on the model's sphere: along a meridian distance is exact.
    static let milesPerDegree = Coordinate.earthRadiusMiles * Double.pi / 180
    static let base = Coordinate(latitude: 35, longitude: -90)
    /// Drives in these tests: 60 mph on straight roads, so miles are minutes.
    static let simpleDriving = DrivingRules(
        maxHoursPerDay: 6, averageSpeedMph: 60, roadFactor: 1, bufferBeforeGameMinutes: 30, bufferAfterGameMinutes: 30)
    static let planner = TripPlanner(gameDurationMinutes: ["mlb": 180, "nba": 150], zones: zones)
    /// The system tz database, as the CLI hands it to the planner.
    static let zones: ZoneLookup = { ZoneDatabase.system.zone($0) }

    private(set) var stadiums: [String: Stadium] = [:]
    private(set) var games: [RichGame] = []

    /// A stadium `milesNorth` (and optionally `milesEast`, along the base parallel) of the base.
    mutating func stadium(_ id: String, milesNorth: Double, milesEast: Double = 0, zone: String = "America/Chicago") {
        let latitude = Self.base.latitude + milesNorth / Self.milesPerDegree
        let longitude = Self.base.longitude + milesEast / (Self.milesPerDegree * cos(Self.base.latitude * .pi / 180))
        stadiums[id] = Stadium(
            id: id, name: id.capitalized, city: id, state: "", country: "US",
            location: Coordinate(latitude: latitude, longitude: longitude), timeZone: zone, sports: ["mlb"])
    }

    /// A game at `stadium` starting at venue-local `local` ("2026-06-01 19:00").
    @discardableResult
    mutating func game(
        _ id: String, at stadium: String, _ local: String, home: String? = nil, away: String = "visitors",
        sport: String = "mlb", gameNumber: Int = 1, status: Game.Status = .scheduled, timeTBD: Bool = false
    ) -> RichGame {
        let venue = stadiums[stadium]!
        let homeId = home ?? "team_\(stadium)"
        let game = Game(
            id: id, sport: sport, season: "2026", startTime: Self.instant(local, zone: venue.timeZone),
            timeTBD: timeTBD,
            homeTeamId: homeId, awayTeamId: away, stadiumId: stadium, gameNumber: gameNumber, status: status)
        let rich = RichGame(
            game: game, homeTeam: Self.team(homeId, sport), awayTeam: Self.team(away, sport), stadium: venue)
        games.append(rich)
        return rich
    }

    func place(_ name: String, milesNorth: Double, zone: String = "America/Chicago") -> PlanPlace {
        PlanPlace(
            name: name,
            coordinate: Coordinate(
                latitude: Self.base.latitude + milesNorth / Self.milesPerDegree, longitude: Self.base.longitude),
            timeZone: zone)
    }

    static func team(_ id: String, _ sport: String) -> Team {
        Team(id: id, sport: sport, abbreviation: id.uppercased(), city: id, nickname: id, name: id, stadiumId: nil)
    }

    /// "2026-06-01 19:00" on the wall clock of `zone`.
    static func instant(_ local: String, zone: String) -> Date {
        let parts = local.split(separator: " ")
        let day = CalendarDay(iso: parts[0])!
        let clock = parts[1].split(separator: ":").map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar.date(
            from: DateComponents(year: day.year, month: day.month, day: day.day, hour: clock[0], minute: clock[1]))!
    }

    static func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }

    /// A request over `from...to` with the simple driving rules.
    static func request(_ from: String, _ to: String, options: Int = 3) -> PlanRequest {
        PlanRequest(from: day(from), to: day(to), driving: simpleDriving, options: options)
    }

    func plan(_ request: PlanRequest) throws -> PlanResult {
        try Self.planner.plan(request, games: games)
    }
}

extension PlanResult {
    /// Game ids of each itinerary, best first.
    var paths: [[String]] { itineraries.map(\.gameIds) }
}
