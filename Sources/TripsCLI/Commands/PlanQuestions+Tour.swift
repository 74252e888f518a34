import FoundationEssentials
import InputText
import TripsInput
import TripsModel
import TripsPlanner
import TripsStore

/// The questions of a great tour: which tour (asked first, when no flag has already chosen a
/// date window), then the sport, the team or teams, the season, where from and to, how hard a
/// day of driving may be, and what "shortest" means.
extension PlanQuestions {
    /// "dates" (a window of days) or one of the tours; nil for dates.
    func askKind() throws -> TourKindAnswer? {
        Prompter.exitOnInterrupt()
        return try Prompter(context: context).ask(
            "Trip", defaultAnswer: "dates", hint: "dates, or a tour: opponents, venues"
        ) { answer -> TourKindAnswer? in
            let word = answer.lowercased()
            if word == "dates" { return nil }
            guard let kind = TourKindAnswer(rawValue: word) else {
                throw InputError.other(
                    "expected dates, opponents (a team at every opponent's home) or venues (every venue)")
            }
            return kind
        }
    }

    func askMissing(_ tour: inout TourAnswers) throws {
        Prompter.exitOnInterrupt()
        let prompter = Prompter(context: context)
        let now = context.now
        if tour.sports == nil && !(tour.kind == .venues && !tour.teams.isEmpty) {
            let all = try provider.sports().map(\.sportId)
            tour.sports = try prompter.ask("Sport", hint: all.joined(separator: ", ")) { answer in
                let sports = try provider.resolveSports([answer])
                guard sports.count == 1, let sport = sports.first else {
                    throw InputError.other("a tour is of one sport")
                }
                // A sport with no season loaded has nothing to tour: ask again, naming why.
                _ = try TourAnswers.defaultSeason(
                    sport: sport, provider: provider, today: CalendarDay(now, in: context.localZone))
                return [answer]
            }
        }
        let sports = try tour.sports.map { try provider.resolveSports($0) }
        switch tour.kind {
        case .opponents where tour.team == nil:
            tour.team = try prompter.ask("Team to follow", hint: "e.g. MIA or Miami Heat") { answer in
                _ = try provider.resolveTeam(answer, sports: sports, asOf: now)
                return answer
            }
        case .venues where tour.teams.isEmpty:
            tour.teams = try prompter.ask(
                "Only these teams", hint: "e.g. a division: BOS,NYY,TB,TOR,BAL; Enter for all", optional: true
            ) { answer in
                let names = answer.split(separator: ",").map { String($0).trimmed }
                for name in names { _ = try provider.resolveTeam(name, sports: sports, asOf: now) }
                return names.isEmpty ? [] : [names.joined(separator: ",")]
            }
        default: break
        }
        if tour.season == nil, let sport = sports?.first, sports?.count == 1 {
            let loaded = try provider.loadedSeasons(sports: [sport]).map(\.season)
            let usual = try TourAnswers.defaultSeason(
                sport: sport, provider: provider, today: CalendarDay(now, in: context.localZone))
            tour.season = try prompter.ask("Season", defaultAnswer: usual, hint: loaded.joined(separator: ", ")) {
                answer in
                guard let season = SeasonInput.parse(answer), loaded.contains(season) else {
                    throw InputError.other("loaded seasons: \(loaded.joined(separator: ", "))")
                }
                return season
            }
        }
        if tour.start == nil {
            tour.start = try prompter.ask(
                "Start from", hint: "a city, venue or team; Enter: the first game", optional: true
            ) { answer in try place(answer) }
        }
        if tour.end == nil {
            tour.end = try prompter.ask("End at", hint: "Enter to end at the last game", optional: true) { answer in
                try place(answer)
            }
        }
        if tour.driveHours == nil {
            // Enter is `min`: the fewest hours by day whose tour takes at most 10 % more days
            // than at 6 h (the fewest that admit it when 6 h does not); night driving only if
            // asked for later.
            tour.driveHours = try prompter.ask(
                "Max driving hours per day", hint: "Enter: fewest, at most 10 % more days; or hours", optional: true
            ) { answer -> DriveHoursAnswer? in
                if answer.isEmpty { return .minimum }
                guard let hours = DriveHoursAnswer.parse(answer) else {
                    throw InputError.other("expected hours from 0.5 to 24, min or least")
                }
                return hours
            }
        }
        if tour.objective == nil {
            tour.objective = try prompter.ask("Shortest in", defaultAnswer: "days", hint: "days, driving, distance") {
                answer in
                guard let objective = TourObjective(rawValue: answer.lowercased()) else {
                    throw InputError.other("expected days, driving or distance")
                }
                return objective
            }
        }
    }
}
