import FoundationEssentials
import Glibc
import InputText
import OutputText
import TripsModel
import TripsPlanner
import TripsZones

/// What a tour adds to a plan's output: its title, which game covers each building, how sure
/// the answer is (optimal, or a bound and gap), the smallest daily driving when asked, hosts it
/// cannot cover, and with `--explain` the games that fix its dates — in names, never ids.
public struct TourReport {
    var result: TourResult
    var tour: ResolvedTour
    var explains: Bool
    /// Set when the tour needed more driving than asked (no limit given: 6 h by day): what was
    /// tried first and why it failed.
    public var relaxedFrom: (request: TourRequest, problem: TourInfeasibility)?
    private var games: [String: RichGame]
    private let clock = LocalTimeFormatter()

    public init(result: TourResult, tour: ResolvedTour, explains: Bool) {
        self.result = result
        self.tour = tour
        self.explains = explains
        games = Dictionary(tour.games.map { ($0.id, $0) }) { a, _ in a }
    }

    /// Venue-local days of the tour's first and last game.
    public var firstDay: CalendarDay? { result.visits.first.flatMap { day(of: $0.gameId) } }
    public var lastDay: CalendarDay? { result.visits.last.flatMap { day(of: $0.gameId) } }

    private func day(of gameId: String) -> CalendarDay? {
        games[gameId].map { clock.parts(of: $0.game.startTime, zone: $0.stadium.timeZone).day }
    }

    /// Days from the first game to the last, both counted: what a days tour's proof measures.
    var gameSpan: Int? {
        guard let firstDay, let lastDay else { return nil }
        return lastDay.dayNumber - firstDay.dayNumber + 1
    }

    /// The tour's drives at night (some of it between 23:00 and 07:00 at either end), when it
    /// was planned with night driving: its summary line says so.
    func nightDrives(_ trip: Itinerary) -> Int {
        guard tour.request.driving.allowsOvernightDriving else { return 0 }
        return trip.legs.filter { leg in
            guard leg.overnightStops.isEmpty, leg.driveHours * 3600 > DrivingRules.hopSeconds else { return false }
            let leave = clock.parts(of: leg.departure, zone: leg.from.timeZone)
            let reach = clock.parts(of: leg.arrival, zone: leg.to.timeZone)
            let reachAtOrigin = clock.parts(of: leg.arrival, zone: leg.from.timeZone)
            return leave.time < "07:00" || leave.time > "23:00" || reach.time < "07:00" || reach.time > "23:00"
                || reachAtOrigin.day != leave.day
        }.count
    }

    private func team(_ id: String) -> String { tour.teams[id]?.name ?? id }

    /// What the tour covers, in its own words: "Miami Heat at every opponent's home: 29 venues ·
    /// 2025-26" (only when it is), "Chicago Bears at its 8 away venues · 2026" (the hosts of its
    /// away games, when they are not all its opponents), "Miami Heat at 28 of its 29 away venues
    /// · 2025-26" (hosts left out), "every MLB venue · 2026", "the venues of 28 of 30 MLB teams ·
    /// 2026" (hosts left out).
    var title: String {
        let season = tour.request.season
        let left = Set(result.uncovered.map(\.teamId)).union(tour.leftOutHosts)
        switch tour.request.kind {
        case .opponents(let teamId):
            let games = tour.games.filter {
                $0.game.season == season && $0.game.seasonType == .regular
                    && ($0.game.homeTeamId == teamId || $0.game.awayTeamId == teamId)
            }
            let opponents = Set(games.map { $0.game.homeTeamId == teamId ? $0.game.awayTeamId : $0.game.homeTeamId })
            let hosts = Set(games.filter { $0.game.awayTeamId == teamId }.map(\.game.homeTeamId))
            let covered = hosts.subtracting(left)
            // Venues, not teams: two hosts sharing a building are one visit.
            let home = { (ids: Set<String>) in Set(ids.map { self.tour.teams[$0]?.stadiumId ?? $0 }).count }
            let venues = result.visits.isEmpty ? home(covered) : result.visits.count
            let plural = venues == 1 ? "" : "s"
            if covered != hosts { return "\(team(teamId)) at \(venues) of its \(home(hosts)) away venues · \(season)" }
            return hosts == opponents
                ? "\(team(teamId)) at every opponent's home: \(venues) venue\(plural) · \(season)"
                : "\(team(teamId)) at its \(venues) away venue\(plural) · \(season)"
        case .venues(let ids):
            let sport = tour.request.sports.sorted().joined(separator: ", ").uppercased()
            let all = Set(tour.teams.values.filter { tour.request.sports.contains($0.sport) }.map(\.id))
            let covered = ids.filter { !left.contains($0) }.count
            if !left.isEmpty { return "the venues of \(covered) of \(ids.count) \(sport) teams · \(season)" }
            return
                (Set(ids) == all || ids.isEmpty ? "every \(sport) venue" : "the venues of \(ids.count) \(sport) teams")
                + " · \(season)"
        }
    }

    /// "optimal: 174 days" or "best found: 41 days; no tour under 30 days (gap 26.8%)".
    var proofLine: String {
        let proof = result.proof
        if proof.optimal { return "proven optimal: \(measure(proof.value))" }
        let stopped =
            result.interrupted ? "interrupted (Ctrl-C) before the proof ended" : "the time limit stopped the proof"
        return "best found: \(measure(proof.value)); no tour can beat \(measure(proof.bound)) "
            + "(gap \(Numeral.fixed(proof.gapPercent, digits: 1))%) — \(stopped)"
    }

    private func measure(_ value: Double) -> String { Self.measure(value, by: tour.request.objective) }

    /// A value of `objective` as the fan reads it: "53 days", "393.5 h driving", "21,642 mi".
    public static func measure(_ value: Double, by objective: TourObjective) -> String {
        switch objective {
        case .days:
            let days = Int(value.rounded())
            return "\(days.grouped) day\(days == 1 ? "" : "s")"
        case .driving: return "\(Numeral.fixed(value, digits: 1)) h driving"
        case .distance: return "\(Int(value.rounded()).grouped) mi"
        }
    }

    /// Lines above the table: title, coverage, minimum driving, hosts left out.
    var headerLines: [String] {
        var lines = ["Tour: \(title)"]
        if let window = tour.windowNote { lines.append(window) }
        lines += tour.coverage
        let count = result.visits.count
        if count > 0 {
            let sole = result.visits.filter { $0.choices == 1 }.count
            lines.append(
                "\(count) buildings, one game each"
                    + (sole == 0 ? "" : "; \(sole) of them ha\(sole == 1 ? "s" : "ve") a single possible date"))
        }
        if let minimum = result.minimumDriveHours {
            let what: String
            if let usual = minimum.keepsPaceWith, let longer = minimum.daysLonger {
                let percent = Int((tour.request.slowerAllowance * 100).rounded())
                let at = "at \(usual.formatted) h"
                // Say exactly what was compared: the tour found at the usual limit, and whether
                // that one is proven the shortest there (issue 40 item 6).
                let found = minimum.usualDays.map { "the \($0)-day tour found \(at)" } ?? "the tour \(at)"
                let unproven = minimum.usualProven ? "" : " within the time limit (a shorter one was not ruled out)"
                what =
                    "fewest hours of driving a day within \(percent) % of the days \(at): \(minimum.hours) h a day, "
                    + (longer == 0
                        ? "as short as \(found)\(unproven)"
                        : "\(longer) day\(longer == 1 ? "" : "s") longer than \(found)\(unproven)")
            } else {
                what = "fewest hours of driving a day that admit the tour: \(minimum.hours) h"
            }
            lines.append(
                what
                    + (tour.request.driving.allowsOvernightDriving ? ", driving at night" : "")
                    + (minimum.proven ? "" : " (a smaller limit was not ruled out within the time limit)"))
        }
        if let relaxedFrom {
            let rules = relaxedFrom.request
            let tried =
                rules.findsMinimumDriveHours
                ? "at any daily limit by day" : "at \(rules.driving.maxHoursPerDay.formatted) h of driving a day"
            let why: String
            switch relaxedFrom.problem {
            case .cannotConnect(let first, let second): why = "no trip sees both \(dates(first)) and \(dates(second))"
            case .cannotReturnToEnd: why = "no tour gets back to \(tour.endLabel ?? "the end") by the end of the season"
            default: why = "the driving between the dates is too much"
            }
            lines.append("\(tried), \(why)")
        }
        // Hosts whose games all fall outside the days asked: one line for all of them.
        let outside = result.uncovered.filter { $0.gamesOutsideWindow > 0 && $0.gamesElsewhere == 0 }
        if !outside.isEmpty {
            lines.append(
                "left out, no game at home in these days: \(outside.map { team($0.teamId) }.joined(separator: ", "))")
        }
        for host in result.uncovered where !outside.contains(host) {
            let elsewhere =
                host.gamesElsewhere > 0
                ? " (its \(host.gamesElsewhere == 1 ? "game is" : "\(host.gamesElsewhere) games are") at another venue)"
                : ""
            lines.append("left out: \(team(host.teamId)) — no game at its home\(elsewhere)")
        }
        lines += tour.leftOut.map { Self.line($0, start: tour.startLabel) }
        if explains { lines += explanationLines }
        return lines
    }

    /// A building left out by day, in the summary's words: "left out: Colorado Rockies — Coors
    /// Field's only date and Chase Field's 3 dates cannot both be reached driving by day …".
    static func line(_ out: TourLeftOut, start: String?) -> String {
        let dates = { (game: RichGame, count: Int) in
            "\(game.stadium.name)'s \(count == 1 ? "only date" : "\(count) dates")"
        }
        let night = "driving by day (07:00–23:00); --night-driving might"
        guard let kept = out.kept else {
            return "left out: \(out.game.homeTeam.name) — no trip from \(start ?? "the start") reaches "
                + "\(dates(out.game, out.dates)) \(night)"
        }
        return "left out: \(out.game.homeTeam.name) — \(dates(out.game, out.dates)) and "
            + "\(dates(kept.game, kept.dates)) cannot both be reached \(night)"
    }

    /// `--explain`: the dates that are not a choice, and what fixes the first and last game.
    var explanationLines: [String] {
        var lines: [String] = []
        for fact in result.explanation {
            switch fact {
            case .onlyGame(let id): lines.append("why: the only usable game at \(venue(id)) is \(game(id))")
            case .startsBy(let id): lines.append("why: the tour starts by \(game(id)), the last chance at \(venue(id))")
            case .endsAfter(let id):
                lines.append("why: the tour cannot end before \(game(id)), the first game at \(venue(id))")
            }
        }
        if lines.isEmpty && result.itinerary != nil {
            lines.append("why: every building has several possible dates; the driving between them sets the length")
        }
        return lines
    }

    private func venue(_ gameId: String) -> String { games[gameId]?.stadium.name ?? gameId }

    /// "SEA @ DET on Fri Jun 5".
    private func game(_ id: String) -> String {
        guard let rich = games[id] else { return id }
        return
            "\(PlanMessages.matchup(rich)) on \(clock.parts(of: rich.game.startTime, zone: rich.stadium.timeZone).day.shortLabel)"
    }

    /// Why no tour fits, naming buildings and dates.
    public func infeasibility(_ problem: TourInfeasibility) -> String {
        let prefix = "no tour fits: "
        switch problem {
        case .noGames(let season): return prefix + "no games match the tour in the \(season) season"
        case .cannotReachFromStart(let ids):
            return prefix + "no trip from \(tour.startLabel ?? "the start") reaches \(dates(ids)) \(limitAdvice)"
                + mostVenuesAdvice
        case .cannotConnect(let first, let second):
            return prefix + "no trip can see both \(dates(first)) and \(dates(second)) \(limitAdvice)"
                + mostVenuesAdvice
        case .noTourFits:
            return prefix + fewerGameDaysThanVenues + "the driving between the dates is too much \(limitAdvice)"
                + mostVenuesAdvice
        case .cannotReturnToEnd:
            return prefix + "no tour gets back to \(tour.endLabel ?? "the end") by the end of the season"
        case .timeLimitReached(let seconds):
            // Often no tour exists at that limit at all (the NFL's venues at 6 h): more hours is
            // the likelier fix.
            return prefix + "none found within the time limit (\(Int(seconds)) s) at \(result.driveHours.formatted) h "
                + "of driving a day — try --max-drive-hours min (the fewest hours a day that admit a tour) or "
                + "a longer --time-limit"
        }
    }

    /// "Frost Bank Center (Thu Oct 30)", "Fenway Park (Fri Apr 3, Sat Apr 4, …)".
    private func dates(_ ids: [String]) -> String {
        guard let any = ids.first else { return "" }
        let days = ids.compactMap { day(of: $0)?.shortLabel }
        return "\(venue(any)) (\(days.prefix(4).joined(separator: ", "))\(days.count > 4 ? ", …" : ""))"
    }

    /// For a whole league's venues in days no tour fits (a season under way, seen from today):
    /// the plan that finds the most venues those days allow.
    private var mostVenuesAdvice: String {
        guard case .venues(let hosts) = tour.request.kind, Set(hosts) == Set(tour.teams.keys),
            let window = tour.request.window, tour.request.sports.count == 1, let sport = tour.request.sports.first
        else { return "" }
        let night = tour.request.driving.allowsOvernightDriving ? " --night-driving" : ""
        let hours =
            tour.request.findsMinimumDriveHours
            ? "" : " --max-drive-hours \(tour.request.driving.maxHoursPerDay.formatted)"
        return "; for the most venues in those days: `trips plan --sport \(sport) --from \(window.lowerBound) "
            + "--to \(window.upperBound) --optimize stadiums\(hours)\(night)`"
    }

    /// "30 venues in the 21 days with games Nov 27–Jan 10 (9 of them would need two), and ":
    /// where a venues tour's buildings outnumber the days any of them has a game in its window
    /// (an NFL season seen from late November), the first thing that rules the tour out.
    private var fewerGameDaysThanVenues: String {
        guard case .venues(let hosts) = tour.request.kind, let window = tour.request.window else { return "" }
        let venues = Set(hosts.compactMap { tour.teams[$0]?.stadiumId })
        let days = Set(
            tour.games.filter { venues.contains($0.stadium.id) }.compactMap { day(of: $0.id) }
                .filter { window.contains($0) })
        guard let first = days.min(), let last = days.max(), days.count < venues.count else { return "" }
        return "\(venues.count) venues in the \(days.count) days with games \(CoverageNote.range(first, last)) "
            + "(\(venues.count - days.count) of them would need two), and "
    }

    /// What the fan can change: a larger limit, or night driving once the limit is the largest.
    private var limitAdvice: String {
        let night = tour.request.driving.allowsOvernightDriving
        if tour.request.findsMinimumDriveHours {
            return night
                ? "at any daily limit, even driving at night" : "at any daily limit by day — try --night-driving"
        }
        return "at \(result.driveHours.formatted) h of driving a day — try --max-drive-hours min"
    }

    /// The JSON "tour": kind, season, objective, and per building the hosts and the game.
    func json() -> [(String, JSONDocument)] {
        let request = tour.request
        let kind: JSONDocument
        switch request.kind {
        case .opponents(let teamId):
            kind = .object([("kind", .string("opponents")), ("team", .string(tour.teams[teamId]?.abbreviation))])
        case .venues(let ids):
            kind = .object([
                ("kind", .string("venues")),
                ("teams", .array(ids.map { .string(tour.teams[$0]?.abbreviation ?? $0) })),
            ])
        }
        let visits: [JSONDocument] = result.visits.map { visit in
            .object([
                ("venue", .string(games[visit.gameId]?.stadium.name ?? visit.stadiumId)),
                ("hosts", .array(visit.hostTeamIds.map { .string(tour.teams[$0]?.abbreviation ?? $0) })),
                ("game", .string(visit.gameId)),
                ("date", .string(day(of: visit.gameId)?.description)),
                ("choices", .int(visit.choices)),
            ])
        }
        let proof = result.proof
        let minimum: JSONDocument =
            result.minimumDriveHours.map { (minimum: MinimumDriveHours) -> JSONDocument in
                let usual: JSONDocument = minimum.keepsPaceWith.map { .double($0) } ?? .null
                let longer: JSONDocument = minimum.daysLonger.map { .int($0) } ?? .null
                return .object([
                    ("hours", .int(minimum.hours)), ("proven", .bool(minimum.proven)), ("usualHours", usual),
                    ("daysLonger", longer),
                ])
            } ?? .null
        let interrupted: [(String, JSONDocument)] = result.interrupted ? [("interrupted", .bool(true))] : []
        return [
            (
                "tour",
                .object([
                    ("title", .string(title)),
                    ("definition", kind),
                    ("season", .string(request.season)),
                    ("from", .string(request.window?.lowerBound.description)),
                    ("to", .string(request.window?.upperBound.description)),
                    ("coverage", .array(tour.coverage.map { .string($0) })),
                    ("optimize", .string(request.objective.rawValue)),
                    ("maxDriveHours", .double(result.driveHours)),
                    ("nightDriving", .bool(request.driving.allowsOvernightDriving)),
                    (
                        "minimumDriveHours",
                        minimum
                    ),
                    ("visits", .array(visits)),
                    (
                        "leftOut",
                        .array(
                            (result.uncovered.map(\.teamId) + tour.leftOutHosts.sorted()).map {
                                .string(tour.teams[$0]?.abbreviation ?? $0)
                            })
                    ),
                    ("explanation", .array(explanationLines.map { .string($0) })),
                ])
            ),
            (
                "proof",
                .object([
                    ("optimal", .bool(result.itinerary != nil && proof.optimal)),
                    ("value", result.itinerary == nil ? .null : .double(ItineraryRenderer.round(proof.value, 2))),
                    ("bound", result.itinerary == nil ? .null : .double(ItineraryRenderer.round(proof.bound, 2))),
                    ("gap", result.itinerary == nil ? .null : .double(ItineraryRenderer.round(proof.gapPercent, 2))),
                    ("statesExpanded", .int(result.statistics.statesExpanded)),
                ])
            ),
        ] + interrupted
    }
}
