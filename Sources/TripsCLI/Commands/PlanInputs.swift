import Foundation
import TripsModel
import TripsPlanner
import TripsStore

/// The planner's inputs, from flags and — on a terminal — prompts for what the flags left out.
struct PlanInputs {
    var request: PlanRequest
    /// Display names for the JSON "query" and the header.
    var startLabel: String?
    var endLabel: String?
    var mustSeeTeams: [Team]

    static func gather(_ args: ParsedArguments, context: CLIContext, provider: DataProvider, interactive: Bool) throws
        -> PlanInputs
    {
        if interactive { Prompter.exitOnInterrupt() }
        let prompter = Prompter(context: context)
        let places = PlaceInput(context: context, provider: provider)
        let allSports = try provider.sports()

        // Sports.
        var sports: Set<String>
        if !args.all("sport").isEmpty {
            sports = try provider.resolveSports(args.all("sport"))
        } else if interactive {
            sports = try prompter.ask(
                "Sports", defaultAnswer: "all", hint: allSports.map(\.sportId).joined(separator: ", ")
            ) { answer in
                answer.lowercased() == "all" ? Set(allSports.map(\.sportId)) : try provider.resolveSports([answer])
            }
        } else {
            sports = Set(allSports.map(\.sportId))
        }

        // Dates.
        let days = try args.int("days", in: 1...366)
        if days != nil && args.value("to") != nil { throw args.error(.conflicting("--to", "--days")) }
        var from = try DayInput.option("from", args.value("from"), context: context)
        var to = try DayInput.option("to", args.value("to"), context: context)
        if from == nil {
            guard interactive else { throw args.error(.missingRequired("--from DATE (the first day of the trip)")) }
            let window = try prompter.ask(
                "Dates", hint: "2026-06-01 to 2026-06-10, or a first day and a number of days: 2026-06-01 7"
            ) { answer in try Self.window(answer, context: context) }
            from = window.0
            to = window.1
        }
        guard let from else { throw args.error(.missingRequired("--from")) }
        let last = to ?? from.adding(days: (days ?? 7) - 1)
        if last < from { throw InputError.emptyRange(from: "\(from)", to: "\(last)") }

        // Places.
        var start: ResolvedPlace?
        if let text = args.value("start") {
            start = try places.resolve(text)
        } else if interactive {
            start = try prompter.ask("Start from", hint: "a city, venue or team; Enter to start at the first game", optional: true) {
                answer in answer.isEmpty ? nil : try places.resolve(answer)
            }
        }
        var end: ResolvedPlace?
        if let text = args.value("end") {
            end = try places.resolve(text)
        } else if interactive {
            end = try prompter.ask("End at", hint: "Enter to end at the last game", optional: true) { answer in
                answer.isEmpty ? nil : try places.resolve(answer)
            }
        }

        // Must-see teams.
        let asOf = from.start(in: .utc)
        var teams: [Team] = try args.all("team").map { try provider.resolveTeam($0, sports: sports, asOf: asOf).team }
        if teams.isEmpty && interactive && args.all("game").isEmpty {
            teams = try prompter.ask("Must-see teams", hint: "comma-separated; Enter for none", optional: true) { answer in
                try answer.split(separator: ",").map { try provider.resolveTeam(String($0).trimmed, sports: sports, asOf: asOf).team }
            }
        }
        let homeOnly = try args.all("home-only").map { try provider.resolveTeam($0, sports: sports, asOf: asOf).team.id }

        // Driving.
        var maxHours = try args.double("max-drive-hours", in: 0.5...24)
        if maxHours == nil && interactive {
            maxHours = try prompter.ask("Max driving hours per day", defaultAnswer: "6") { answer in
                guard let h = Double(answer), h >= 0.5, h <= 24 else {
                    throw InputError.other("expected hours from 0.5 to 24")
                }
                return h
            }
        }
        var options = try args.int("options", in: 1...20)
        if options == nil && interactive {
            options = try prompter.ask("How many options", defaultAnswer: "3") { answer in
                guard let k = Int(answer), (1...20).contains(k) else { throw InputError.other("expected 1 to 20") }
                return k
            }
        }
        let objective = try args.choice("optimize", PlanObjective.allCases.map(\.rawValue)).flatMap(PlanObjective.init(rawValue:))

        var driving = DrivingRules(maxHoursPerDay: maxHours ?? 6)
        if let speed = try args.double("speed", in: 10...90) { driving.averageSpeedMph = speed }
        driving.allowsOvernightDriving = args.has("night-driving")

        let request = PlanRequest(
            from: from, to: last, sports: sports,
            start: start.map { PlanPlace(name: $0.label, coordinate: $0.coordinate, timeZone: $0.timeZone) },
            end: end.map { PlanPlace(name: $0.label, coordinate: $0.coordinate, timeZone: $0.timeZone) },
            mustSeeTeamIds: teams.map(\.id), mustSeeGameIds: args.all("game"), homeGamesOnlyTeamIds: Set(homeOnly),
            maxGames: try args.int("max-games", in: 1...500), minHoursBetweenGames: try args.double("min-gap-hours", in: 0...240) ?? 0,
            distinctStadiumsOnly: args.has("distinct-stadiums"), driving: driving, objective: objective ?? .games,
            options: options ?? 3)
        return PlanInputs(request: request, startLabel: start?.label, endLabel: end?.label, mustSeeTeams: teams)
    }

    /// "2026-06-01 to 2026-06-10", "2026-06-01 2026-06-10", or "2026-06-01 7" (a number of days).
    static func window(_ text: String, context: CLIContext) throws -> (CalendarDay, CalendarDay) {
        let words = text.replacingOccurrences(of: " to ", with: " ").split(separator: " ").map(String.init)
        guard let first = words.first, let from = DayInput.parse(first, now: context.now, zone: context.localTimeZone) else {
            throw InputError.badDate(option: "the first day", value: words.first ?? text)
        }
        guard words.count >= 2 else { return (from, from.adding(days: 6)) }
        if let n = Int(words[1]), (1...366).contains(n) { return (from, from.adding(days: n - 1)) }
        guard let to = DayInput.parse(words[1], now: context.now, zone: context.localTimeZone) else {
            throw InputError.badDate(option: "the last day", value: words[1])
        }
        guard to >= from else { throw InputError.emptyRange(from: "\(from)", to: "\(to)") }
        return (from, to)
    }
}
