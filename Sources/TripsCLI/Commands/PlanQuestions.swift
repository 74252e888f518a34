import FoundationEssentials
import Glibc
import InputText
import TripsInput
import TripsModel
import TripsStore

/// On a terminal, asks for what the flags left out of `PlanAnswers`, in the order a fan thinks
/// of a trip: sports, dates, where from and to, must-see teams, driving, how many options.
/// Each answer is checked as it is given (a bad one is explained and asked again); a flag's
/// value is checked before any later question, so nobody answers questions for nothing.
struct PlanQuestions {
    var context: CLIContext
    var provider: DataProvider
    var places: PlaceInput

    func askMissing(_ answers: inout PlanAnswers) throws {
        Prompter.exitOnInterrupt()
        let prompter = Prompter(context: context)
        let allSports = try provider.sports().map(\.sportId)

        if answers.sports == nil {
            answers.sports = try prompter.ask(
                "Sports", defaultAnswer: "all", hint: allSports.joined(separator: ", ")
            ) { answer in
                if answer.lowercased() == "all" { return allSports }
                _ = try provider.resolveSports([answer])
                return [answer]
            }
        }
        let sports = try answers.resolvedSports(provider)
        let favoriteTeams = try provider.store.favoriteTeamIds().compactMap { try provider.liveTeam(id: $0) }
            .filter { sports.contains($0.sport) }
        if answers.from == nil {
            let (first, note) = try hintDay(sports: sports)
            if let note { prompter.say(note) }
            // The default shows the other form: a first day and a number of days.
            var hint = "e.g. \(first) to \(first.adding(days: 9))"
            // A favourite's next homestand is offered first, its days the answer Enter gives;
            // else Enter takes a week from the first day hinted.
            let stretch = try HomeStretch.soonest(of: favoriteTeams, provider: provider, now: context.now)
            if let stretch { hint = stretch.label }
            let offered = stretch.map { "\($0.first) to \($0.last)" } ?? "\(first) 7"
            let window = try prompter.ask("Dates", defaultAnswer: offered, hint: hint) { answer in
                let window = try Self.window(answer, context: context)
                if let reason = try DateWindowGames(provider: provider, context: context)
                    .whyNone(sports: sports, from: window.0, to: window.1)
                {
                    throw InputError.other(reason)
                }
                return window
            }
            answers.from = window.0
            answers.to = window.1
        }
        if answers.start == nil {
            answers.start = try prompter.ask(
                "Start from", hint: "a city, venue or team; Enter: the first game", optional: true
            ) { answer in try place(answer) }
        } else if let start = answers.start {
            _ = try places.resolve(start)
        }
        if answers.end == nil {
            answers.end = try prompter.ask("End at", hint: "Enter to end at the last game", optional: true) { answer in
                try place(answer)
            }
        } else if let end = answers.end {
            _ = try places.resolve(end)
        }
        let asOf = (answers.from ?? CalendarDay(year: 2000, month: 1, day: 1)).start(in: .utc)
        if answers.teams.isEmpty && answers.games.isEmpty {
            // Favourites in the chosen sports come first: "fav" picks them all.
            let favorites = favoriteTeams.map(\.abbreviation)
            let hint =
                favorites.isEmpty
                ? "comma-separated; Enter for none"
                : "your favourites: \(favorites.joined(separator: ", ")) — 'fav' for them; comma-separated; Enter for none"
            let window = answers.from.flatMap { from in answers.lastDay.map { (from, $0) } }
            answers.teams = try prompter.ask("Must-see teams", hint: hint, optional: true) {
                answer in
                let names = answer.split(separator: ",").map { String($0).trimmed }
                    .flatMap { $0.lowercased() == "fav" ? favorites : [$0] }
                for name in names {
                    let team = try provider.resolveTeam(name, sports: sports, asOf: asOf).team
                    // A team with no game in the window can never be seen: ask again now,
                    // rather than plan nothing after every question.
                    if let (from, last) = window,
                        try provider.games(GameQuery(teamIds: [team.id], fromDay: from, toDay: last, limit: 1)).isEmpty
                    {
                        throw InputError.other(
                            "the \(team.name) play no games \(DateWindowGames.days(from, last)) — another team, or Enter for none"
                        )
                    }
                }
                return names
            }
        }
        if answers.maxDriveHours == nil {
            answers.maxDriveHours = try prompter.ask("Max driving hours per day", defaultAnswer: "6") { answer in
                guard let h = Double(answer), h >= 0.5, h <= 24 else {
                    throw InputError.other("expected hours from 0.5 to 24")
                }
                return h
            }
        }
        if answers.options == nil {
            answers.options = try prompter.ask("How many options", defaultAnswer: "3") { answer in
                guard let k = Int(answer), (1...20).contains(k) else { throw InputError.other("expected 1 to 20") }
                return k
            }
        }
    }

    /// An optional place answer: empty is "none", anything else must resolve. What was assumed
    /// of an ambiguous name is said here, under the answer, once.
    func place(_ answer: String) throws -> String? {
        if answer.isEmpty { return nil }
        let (_, note) = try places.resolveNoting(answer)
        if let note { Prompter(context: context).say(note) }
        return answer
    }

    /// The first day the dates hint shows: the next day with a loaded season of `sports` under
    /// way from tomorrow on, else the first of next month — never a day gone by. With no season
    /// under way or loaded ahead (MLB in November), a note says so first: the days hinted then
    /// have no games, and the fan should know before choosing them.
    func hintDay(sports: Set<String>) throws -> (day: CalendarDay, note: String?) {
        let tomorrow = CalendarDay(context.now, in: context.localZone).adding(days: 1)
        let loaded = try provider.loadedSeasons(sports: sports)
        if let first = loaded.filter({ $0.lastDay >= tomorrow }).map({ max($0.firstDay, tomorrow) }).min() {
            return (first, nil)
        }
        let next = tomorrow.month == 12 ? (tomorrow.year + 1, 1) : (tomorrow.year, tomorrow.month + 1)
        let note = loaded.max(by: { $0.lastDay < $1.lastDay }).map { latest in
            "\(latest.sport.uppercased()) \(latest.season) ended \(latest.lastDay.monthName) \(latest.lastDay.day) "
                + "and no later season is loaded yet (`trips sync` may bring it); days in \(latest.season) "
                + "plan it as history"
        }
        return (CalendarDay(year: next.0, month: next.1, day: 1), note)
    }

    /// "2026-06-01 to 2026-06-10", "2026-06-01 2026-06-10", "2026-06-01 7" (a number of days),
    /// or a weekend ("this weekend", "next weekend").
    static func window(_ text: String, context: CLIContext) throws -> (CalendarDay, CalendarDay) {
        if let weekend = DayInput.weekend(
            text.trimmed.lowercased(), today: CalendarDay(context.now, in: context.localZone))
        {
            return weekend
        }
        let words = text.replacing(" to ", with: " ").split(separator: " ").map(String.init)
        guard let first = words.first, let from = DayInput.parse(first, now: context.now, zone: context.localZone)
        else {
            throw InputError.badDate(option: "the first day", value: words.first ?? text)
        }
        guard words.count >= 2 else { return (from, from.adding(days: 6)) }
        if let n = Int(words[1]) {
            // "2026-11-29 0": a number of days, not a date.
            guard (1...366).contains(n) else { throw InputError.other("a trip lasts 1 to 366 days, not \(n)") }
            return (from, from.adding(days: n - 1))
        }
        guard let to = DayInput.parse(words[1], now: context.now, zone: context.localZone) else {
            throw InputError.badDate(option: "the last day", value: words[1])
        }
        guard to >= from else { throw InputError.emptyRange(from: "\(from)", to: "\(to)") }
        return (from, to)
    }
}
