import ArgumentParsing
import FoundationEssentials
import TripsInput
import TripsModel
import TripsPlanner
import TripsRender
import TripsStore

/// `trips plan`'s steps, in the order `run` takes them: a tour or a window of dates, the
/// request, the games it may use, and the answer shown.
extension PlanCommand {
    /// The tour asked for: by flags, or (on a terminal with nothing pointing at a window of
    /// dates) by the first question, which kind of trip; its missing answers asked. Nil: a
    /// window of dates.
    func tourAnswers(_ questions: PlanQuestions) throws -> TourAnswers? {
        var tour = self.tour
        if interactive, tour == nil, answers.leavesTourOpen, let kind = try questions.askKind() {
            tour = TourAnswers(
                kind: kind, sports: answers.sports, team: answers.teams.first, start: answers.start, end: answers.end,
                driveHours: answers.maxDriveHours.map { .hours($0) }, nightDriving: answers.nightDriving,
                speed: answers.speed)
        }
        guard var tour else { return nil }
        if interactive { try questions.askMissing(&tour) }
        return tour
    }

    /// The trip's request from the flags and the answers to what they leave open.
    func tripInputs(_ context: CLIContext, provider: DataProvider, questions: PlanQuestions) throws -> PlanInputs {
        // A mistyped id is bad input (exit 2), found before any question is asked.
        for id in answers.games where try !provider.hasLiveGame(id: id) {
            throw InputError.other(
                "unknown game '\(id)' — game ids are in `trips games --format json` (e.g. game_mlb_2026_0822_atl_mil)")
        }
        var answers = self.answers
        if interactive {
            try questions.askMissing(&answers)
        } else if answers.from == nil {
            // `--days 3` or `--to Sunday` alone: the trip starts today.
            guard answers.days != nil || answers.to != nil else {
                throw UsageError(
                    kind: .missingRequired("--from DATE (the first day of the trip; with --days or --to, today)"),
                    usage: usage)
            }
            answers.from = CalendarDay(context.now, in: context.localZone)
        }
        var inputs = try answers.inputs(provider: provider, places: questions.places)
        // Days from today: no setting off in the past, no game already under way. (Days begun
        // before today are history, planned whole.)
        if inputs.request.from == CalendarDay(context.now, in: context.localZone) {
            inputs.request.notBefore = context.now
        }
        if preferUnvisited {
            inputs.request.visitedStadiumIds = try provider.store.visitedStadiumIds()
            inputs.request.objective = .stadiums
        }
        return inputs
    }

    /// The games of the window and sports, and any must-see game outside them (the planner then
    /// says why it cannot be planned instead of calling it unknown); `--only-unvisited` drops
    /// the buildings already visited. A game at a venue trips cannot place is left out, and said.
    func candidateGames(_ inputs: PlanInputs, provider: DataProvider, context: CLIContext) throws -> [RichGame] {
        try Self.candidateGames(inputs, provider: provider, context: context, onlyUnvisited: onlyUnvisited)
    }

    /// The same for any request (`trips saved replan` plans a saved trip's again).
    static func candidateGames(
        _ inputs: PlanInputs, provider: DataProvider, context: CLIContext, onlyUnvisited: Bool
    ) throws -> [RichGame] {
        let query = GameQuery(
            sports: inputs.request.sports.isEmpty ? nil : inputs.request.sports,
            fromDay: inputs.request.from, toDay: inputs.request.to)
        let found = try provider.richGames(query)
        var games = found.games
        for unplaced in found.unresolved {
            guard let venue = unplaced.game.venueName else { continue }
            let entry = ScheduleEntry(unplaced, now: context.now)
            let day = ISO8601.string(unplaced.game.startTime).prefix(10)
            context.note(
                "\(entry.matchup) on \(day) (UTC) is left out of the plan: it is at \(venue), which trips "
                    + "cannot place (no coordinates or time zone)")
        }
        let missing = Set(inputs.request.mustSeeGameIds).subtracting(games.map(\.id))
        if !missing.isEmpty { games += try provider.richGames(GameQuery(ids: missing.sorted())).games }
        if onlyUnvisited {
            let visited = try provider.store.visitedStadiumIds()
            let mustSee = Set(inputs.request.mustSeeGameIds)
            games.removeAll { visited.contains($0.stadium.id) && !mustSee.contains($0.id) }
        }
        return games
    }

    /// The answer in the chosen format, what the store lacks, then the offer to save it; exit 1
    /// with the tightest constraint when nothing fits, 130 when interrupted.
    func show(
        _ result: PlanResult, inputs: PlanInputs, games: [RichGame], planner: TripPlanner, _ context: CLIContext,
        provider: DataProvider
    ) throws {
        let messages = PlanMessages(games: games, teams: inputs.mustSeeTeams, request: inputs.request)
        var renderer = ItineraryRenderer(
            result: result, inputs: inputs, now: context.now, durations: planner.gameDurationMinutes,
            towns: try OvernightTowns(result) { try PlaceInput.loadGazetteer(context) }, messages: messages)
        // A calendar event's SEQUENCE is its game record's, as `trips export` writes it.
        renderer.modified = try provider.gameModificationTimes(ids: result.itineraries.first?.gameIds ?? [])
        let count = result.itineraries.count
        try destination.emit(
            renderer, context,
            what: destination.format == .ics ? "option 1 of \(count)" : "\(count) itinerar\(count == 1 ? "y" : "ies")")
        let teamLeagues = Set(inputs.mustSeeTeams.map(\.sport))
        try CoverageQuestion(
            leagues: inputs.request.sports.isEmpty ? (teamLeagues.isEmpty ? nil : teamLeagues) : inputs.request.sports,
            from: inputs.request.from, to: inputs.request.to
        ).report(context, provider: provider)
        if result.interrupted || InterruptRequest.isRaised { throw Interrupted() }
        if !result.itineraries.isEmpty {
            try SavedTripWriter(renderer: renderer, context: context).offer(name: saveName, interactive: interactive)
        } else {
            throw NoTripFits(reason: result.infeasibility.map(messages.infeasibility) ?? "no trip fits the request")
        }
    }
}
