import FoundationEssentials
import Glibc
import InputText
import TripsModel
import TripsPlanner
import TripsStore

/// What the fan asked of a tour, as typed (`--tour` and its options); `request` resolves it
/// against the store with the defaults: the season under way or next, optimise days, 6 h a day.
struct TourAnswers {
    var kind: TourKindAnswer
    var sports: [String]?
    var team: String?
    var teams: [String] = []
    var season: String?
    var start: String?
    var end: String?
    var driveHours: DriveHoursAnswer?
    var nightDriving = false
    var speed: Double?
    var objective: TourObjective?
    var timeLimit: Duration?
    var explains = false

    /// The request, the season's games, and the names the output shows.
    func resolve(provider: DataProvider, places: PlaceInput, now: Date) throws -> ResolvedTour {
        var sportFilter = try sports.map { try provider.resolveSports($0) }
        if sportFilter == nil, let season {
            // "MIA" with 2025-26 is the Heat: only sports with that season are meant.
            let having = Set(try provider.loadedSeasons().filter { $0.season == season }.map(\.sport))
            if !having.isEmpty { sportFilter = having }
        }
        let kind: TourRequest.Kind
        let sport: String
        var subject: Team?
        var hostTeams: [Team] = []
        switch self.kind {
        case .opponents:
            guard let team else {
                throw InputError.other("--tour opponents needs --team TEAM (whose opponents to visit)")
            }
            let resolved = try provider.resolveTeam(team, sports: sportFilter, asOf: now).team
            subject = resolved
            sport = resolved.sport
            kind = .opponents(teamId: resolved.id)
        case .venues:
            if !teams.isEmpty {
                hostTeams = try teams.flatMap { $0.split(separator: ",") }.map {
                    try provider.resolveTeam(String($0).trimmed, sports: sportFilter, asOf: now).team
                }
                let sports = Set(hostTeams.map(\.sport))
                guard sports.count == 1, let only = sports.first else {
                    throw InputError.other(
                        "--teams must all play one sport (got \(sports.sorted().joined(separator: ", ")))")
                }
                sport = only
            } else {
                guard let sportFilter, sportFilter.count == 1, let only = sportFilter.first else {
                    throw InputError.other("--tour venues needs one --sport (e.g. --sport mlb) or --teams LIST")
                }
                sport = only
            }
            kind = .venues(hostTeamIds: hostTeams.map(\.id))
        }
        let season = try self.season ?? Self.defaultSeason(sport: sport, provider: provider, now: now)
        let games = try provider.richGames(GameQuery(sports: [sport], season: season)).games
        if case .venues = kind, hostTeams.isEmpty {
            // The league as it stands that season: every team with a home game in it.
            let ids = Set(games.filter { $0.game.seasonType == .regular }.map(\.game.homeTeamId))
            hostTeams = try provider.teams(sports: [sport]).filter { ids.contains($0.id) }
        }
        var request = TourRequest(
            kind: hostTeams.isEmpty ? kind : .venues(hostTeamIds: hostTeams.map(\.id)), season: season,
            sports: [sport], objective: objective ?? .days,
            driving: DrivingRules(maxHoursPerDay: driveHours?.hours ?? 6))
        if let speed { request.driving.averageSpeedMph = speed }
        request.driving.allowsOvernightDriving = nightDriving
        request.findsMinimumDriveHours = driveHours == .minimum
        if let timeLimit {
            request.timeLimitSeconds =
                Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) / 1e18
        }
        let start = try self.start.map { try places.resolve($0) }
        let end = try self.end.map { try places.resolve($0) }
        request.start = start.map { PlanPlace(name: $0.label, coordinate: $0.coordinate, timeZone: $0.timeZone) }
        request.end = end.map { PlanPlace(name: $0.label, coordinate: $0.coordinate, timeZone: $0.timeZone) }
        let teamNames = Dictionary(try provider.teams(sports: [sport]).map { ($0.id, $0) }) { a, _ in a }
        return ResolvedTour(
            request: request, games: games, subject: subject, teams: teamNames, startLabel: start?.label,
            endLabel: end?.label)
    }

    /// The season under way or the next one to start; else the latest loaded.
    static func defaultSeason(sport: String, provider: DataProvider, now: Date) throws -> String {
        let seasons = try provider.loadedSeasons(sports: [sport])
        let today = CalendarDay(now, in: .utc)
        guard let season = seasons.first(where: { $0.lastDay >= today })?.season ?? seasons.last?.season else {
            throw InputError.other("no \(sport.uppercased()) season is loaded — `trips seasons` lists what is")
        }
        return season
    }
}

/// A tour request resolved against the store.
struct ResolvedTour {
    var request: TourRequest
    var games: [RichGame]
    /// The team followed (opponents tours).
    var subject: Team?
    /// The sport's teams by id, for names.
    var teams: [String: Team]
    var startLabel: String?
    var endLabel: String?
}
