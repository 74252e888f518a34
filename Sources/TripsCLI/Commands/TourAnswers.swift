import FoundationEssentials
import Glibc
import InputText
import TripsInput
import TripsModel
import TripsPlanner
import TripsRender
import TripsStore
import TripsZones

/// What the fan asked of a tour, as typed (`--tour` and its options); `request` resolves it
/// against the store with the defaults: the season under way or next, optimise days, 6 h a day.
struct TourAnswers {
    var kind: TourKindAnswer
    var sports: [String]?
    var team: String?
    var teams: [String] = []
    var season: String?
    /// `--from`/`--to`/`--days`: only the season's games on these days. Unanswered, a season
    /// under way is planned from today, and one not yet begun or over as a whole.
    var from: CalendarDay?
    var to: CalendarDay?
    var days: Int?
    var start: String?
    var end: String?
    var driveHours: DriveHoursAnswer?
    var nightDriving = false
    var speed: Double?
    var travel: TravelMode?
    var objective: TourObjective?
    var timeLimit: Duration?
    var explains = false

    /// The request, the season's games, and the names the output shows. "Today" is read on
    /// the fan's clock (`zone`): on a Friday evening in Los Angeles it is still Friday.
    func resolve(provider: DataProvider, places: PlaceInput, now: Date, zone: ZoneInfo) throws -> ResolvedTour {
        let today = CalendarDay(now, in: zone)
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
                // Named together: one league among them settles a code several leagues use.
                hostTeams = try provider.resolveTeams(
                    teams.flatMap { $0.split(separator: ",") }.map { String($0).trimmed }, sports: sportFilter,
                    asOf: now
                ).map(\.team)
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
        let season = try self.season ?? Self.defaultSeason(sport: sport, provider: provider, today: today)
        let games = try provider.richGames(GameQuery(sports: [sport], season: season)).games
        let timing = SeasonTiming(
            sport: sport, season: season, games: games, today: today,
            isDefault: self.season == nil,
            laterLoaded: try provider.loadedSeasons(sports: [sport]).contains { $0.season > season })
        let window = try timing.window(from: from, to: to, days: days)
        if case .venues = kind, hostTeams.isEmpty {
            // The league as it stands that season: every team with a home game in it.
            let ids = Set(games.filter { $0.game.seasonType == .regular }.map(\.game.homeTeamId))
            hostTeams = try provider.teams(sports: [sport]).filter { ids.contains($0.id) }
        }
        var request = TourRequest(
            kind: hostTeams.isEmpty ? kind : .venues(hostTeamIds: hostTeams.map(\.id)), season: season,
            sports: [sport], objective: objective ?? .days,
            driving: DrivingRules(maxHoursPerDay: driveHours?.hours ?? 6))
        request.window = window
        // From today: a game under way or over already is not one to drive to.
        if let window, window.lowerBound == today { request.notBefore = now }
        if let speed { request.driving.averageSpeedMph = speed }
        request.driving.allowsOvernightDriving = nightDriving
        request.travel = travel
        request.findsMinimumDriveHours = driveHours == .minimum || driveHours == .least
        request.keepsPaceWithLimit = driveHours != .least
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
            endLabel: end?.label, notes: timing.notes(window: window), windowNote: timing.windowLine(window))
    }

    /// The season under way or the next one to start; else the latest loaded.
    static func defaultSeason(sport: String, provider: DataProvider, today: CalendarDay) throws -> String {
        let seasons = try provider.loadedSeasons(sports: [sport])
        guard let season = seasons.first(where: { $0.lastDay >= today })?.season ?? seasons.last?.season else {
            throw InputError.other("no \(sport.uppercased()) season is loaded — `trips seasons` lists what is")
        }
        return season
    }
}

/// When a tour's season is played, seen from today: its regular season's first and last days
/// (venue-local), whether it is under way, over or to come, and the window a tour takes.
struct SeasonTiming {
    var sport: String
    var season: String
    var first: CalendarDay?
    var last: CalendarDay?
    var today: CalendarDay
    /// The season was picked by default (not `--season`).
    var isDefault: Bool
    /// A later season of the sport is loaded too.
    var laterLoaded: Bool

    init(sport: String, season: String, games: [RichGame], today: CalendarDay, isDefault: Bool, laterLoaded: Bool) {
        self.sport = sport
        self.season = season
        self.today = today
        self.isDefault = isDefault
        self.laterLoaded = laterLoaded
        let clock = LocalTimeFormatter()
        let days = games.filter { $0.game.season == season && $0.game.seasonType == .regular }.map {
            clock.parts(of: $0.game.startTime, zone: $0.stadium.timeZone).day
        }
        first = days.min()
        last = days.max()
        loaded = days.count
        expected = SeasonFormat.of(sport, season: season)?.games
    }

    /// Regular-season games loaded, and a full season's (nil: not known).
    var loaded = 0
    var expected: Int?
    /// Fewer games loaded than a full season has: the last loaded day is not the season's end.
    var isPartlyLoaded: Bool { expected.map { loaded < $0 } ?? false }

    var isOver: Bool { last.map { $0 < today } ?? false }
    var isUnderWay: Bool { (first.map { $0 <= today } ?? false) && !isOver }

    /// The days asked (`--from`, `--to`, `--days`), else from today while the season is under way.
    func window(from: CalendarDay?, to: CalendarDay?, days: Int?) throws -> ClosedRange<CalendarDay>? {
        if let to, days != nil { throw InputError.other("give --to or --days, not both (to \(to))") }
        let start = from ?? (isUnderWay ? today : nil)
        let end = to ?? days.map { (start ?? first ?? today).adding(days: $0 - 1) }
        guard start != nil || end != nil else { return nil }
        let lower = start ?? first ?? today
        let upper = end ?? max(last ?? lower, lower)
        if upper < lower { throw InputError.emptyRange(from: "\(lower)", to: "\(upper)") }
        return lower...upper
    }

    /// "MLB 2026 ended Sep 27; planning it anyway as history" (with why, when it was the default).
    func notes(window: ClosedRange<CalendarDay>?) -> [String] {
        guard isOver, let last else { return [] }
        let name = "\(sport.uppercased()) \(season)"
        if isPartlyLoaded {
            // Its last loaded game is not its end: never "ended" on a partial season (the
            // coverage note under it says how much is loaded, and how to get the rest).
            return ["\(name) is not over, but its games loaded here end \(last.shortLabel): planning those as history"]
        }
        let why = isDefault && !laterLoaded ? " (no later season is loaded — `trips seasons` lists what is)" : ""
        if let window, window.lowerBound > last {
            return ["\(name) ended \(last.monthName) \(last.day), before \(window.lowerBound.shortLabel)\(why)"]
        }
        return ["\(name) ended \(last.monthName) \(last.day); planning it anyway as history\(why)"]
    }

    /// The summary's line for a window: "games from today, Thu Nov 26, to Sun Apr 11".
    func windowLine(_ window: ClosedRange<CalendarDay>?) -> String? {
        guard let window else { return nil }
        let from = window.lowerBound == today ? "today, \(today.shortLabel)," : window.lowerBound.shortLabel
        if let last, last < window.lowerBound {
            return
                "games from \(from.hasSuffix(",") ? String(from.dropLast()) : from) (the season ended \(last.shortLabel))"
        }
        let whole = window.upperBound >= (last ?? window.upperBound)
        return
            "games from \(from) to \(whole ? "the season's end, " : "")\(min(window.upperBound, last ?? window.upperBound).shortLabel)"
    }
}
