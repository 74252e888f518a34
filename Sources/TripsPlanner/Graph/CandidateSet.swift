import FoundationEssentials
import TripsModel

/// Stage 1 of the planner: the games a fan could attend, as time-ordered nodes.
///
/// Filters by window (venue-local dates), sport, status, known start time and home-only teams;
/// skips malformed games (counted); resolves must-see games and teams; and fixes the expected
/// start of a doubleheader's second game when it is listed with a placeholder time.
struct CandidateSet: Sendable {
    /// Candidate games in node order (expected start, then id).
    private(set) var games: [RichGame] = []
    private(set) var nodes: [PlanNode] = []
    private(set) var stadiums: [Stadium] = []
    /// Zone clock index of each stadium.
    private(set) var stadiumClock: [Int] = []
    private(set) var clocks: [ZoneClock] = []
    /// Node ids of must-see games, ascending.
    private(set) var mustSeeNodes: [Int] = []
    /// Must-see team ids in bit order.
    private(set) var mustSeeTeamIds: [String] = []
    private(set) var skipped: [GameSkipReason: Int] = [:]
    /// Set when the filters alone show that nothing can fit.
    private(set) var problem: PlanInfeasibility?
    /// When a start place is given: its clock index.
    private(set) var startClock: Int?
    /// The end place's clock (an index into `clocks`): the end leg drives 07:00–23:00 on it too.
    private(set) var endClock: Int?
    /// Local midnight (start place's zone, else UTC) opening the first day: the earliest departure.
    private(set) var tripOpens: Double = 0
    /// With an end place: local midnight there ending the last day — the fan is back by then.
    private(set) var tripCloses: Double = .infinity

    /// The gap a doubleheader's second game is assumed to start after the first ends.
    static let doubleheaderBreak: Double = 30 * 60

    var fullTeamMask: UInt16 { mustSeeTeamIds.isEmpty ? 0 : UInt16((1 << mustSeeTeamIds.count) - 1) }

    /// `setsOffByDay`: the trip may set off no earlier than the driving day's opening (07:00 where
    /// it starts) on its first day, even with night driving (`NightSetOff`).
    init(
        games given: [RichGame], request: PlanRequest, durations: (String) -> Int, zones: ZoneLookup,
        setsOffByDay: Bool = false
    ) {
        var seen = Set<String>()
        for id in request.mustSeeTeamIds where seen.insert(id).inserted { mustSeeTeamIds.append(id) }
        let windowStart = request.from.start(in: .utc).timeIntervalSince1970
        let windowEnd = request.to.start(in: .utc).timeIntervalSince1970
        // Clocks cover the window plus the longest drive after it (the leg to the end place).
        let coverage = (windowStart - 3 * ZoneClock.secondsPerDay)...(windowEnd + 60 * ZoneClock.secondsPerDay)
        var clockIndex: [String: Int] = [:]
        func clock(for identifier: String) -> Int? {
            if let index = clockIndex[identifier] { return index }
            guard let zone = zones(identifier) else { return nil }
            clocks.append(ZoneClock(zone: zone, covering: coverage))
            clockIndex[identifier] = clocks.count - 1
            return clocks.count - 1
        }
        if let start = request.start { startClock = clock(for: start.timeZone) }
        tripOpens =
            startClock.map {
                setsOffByDay
                    ? clocks[$0].opening(request.from.dayNumber) : clocks[$0].startOfDay(request.from.dayNumber)
            } ?? windowStart
        if let now = request.notBefore?.timeIntervalSince1970, startClock != nil { tripOpens = max(tripOpens, now) }
        if let end = request.end, let endClock = clock(for: end.timeZone) {
            self.endClock = endClock
            tripCloses = clocks[endClock].startOfDay(request.to.dayNumber + 1)
        }

        let wanted = Set(request.mustSeeGameIds)
        var rejected: [String: GameSkipReason] = [:]
        var stadiumIndex: [String: Int] = [:]
        var accepted: [(game: RichGame, node: PlanNode)] = []
        var ids = Set<String>()
        let teamBits = Dictionary(uniqueKeysWithValues: mustSeeTeamIds.enumerated().map { ($1, UInt16(1) << $0) })
        // Venue-local days are at most 14 h from UTC ones: a cheap test before the zone lookup.
        let earliest = windowStart - ZoneClock.secondsPerDay
        let latest = windowEnd + 2 * ZoneClock.secondsPerDay
        for rich in given {
            let game = rich.game
            func skip(_ reason: GameSkipReason) {
                skipped[reason, default: 0] += 1
                if wanted.contains(game.id) && rejected[game.id] == nil { rejected[game.id] = reason }
            }
            let start = game.startTime.timeIntervalSince1970
            if !request.sports.isEmpty && !request.sports.contains(game.sport) {
                skip(.otherSport)
                continue
            }
            guard start >= earliest && start < latest else {
                skip(.outsideWindow)
                continue
            }
            if game.status == .cancelled || game.status == .postponed {
                skip(.cancelledOrPostponed)
                continue
            }
            // A doubleheader's later game often has no time ("follows game 1"): kept for now,
            // and timed after game 1 by `settleDoubleheaders` (dropped if there is no game 1).
            if game.timeTBD && game.gameNumber < 2 {
                skip(.timeTBD)
                continue
            }
            if request.homeGamesOnlyTeamIds.contains(game.awayTeamId) {
                skip(.awayGameOfHomeOnlyTeam)
                continue
            }
            guard rich.stadium.location.isValid, let zoneIndex = clock(for: rich.stadium.timeZone) else {
                skip(.malformed)
                continue
            }
            let day = clocks[zoneIndex].day(at: start)
            guard day >= request.from.dayNumber && day <= request.to.dayNumber else {
                skip(.outsideWindow)
                continue
            }
            if let now = request.notBefore, game.startTime < now {
                skip(.started)
                continue
            }
            guard ids.insert(game.id).inserted else {
                skip(.malformed)
                continue
            }
            let stadium: Int
            if let index = stadiumIndex[rich.stadium.id] {
                stadium = index
            } else {
                stadium = stadiums.count
                stadiumIndex[rich.stadium.id] = stadium
                stadiums.append(rich.stadium)
                stadiumClock.append(zoneIndex)
            }
            let duration = Double(max(1, durations(game.sport))) * 60
            let teams = (teamBits[game.homeTeamId] ?? 0) | (teamBits[game.awayTeamId] ?? 0)
            let node = PlanNode(
                start: start, end: start + duration, stadium: stadium, day: day, teams: teams,
                isMustSee: false, hasEstimatedStart: false)
            accepted.append((rich, node))
        }
        Self.settleDoubleheaders(&accepted)
        accepted.removeAll { entry in
            guard entry.game.game.timeTBD, !entry.node.hasEstimatedStart else { return false }
            skipped[.timeTBD, default: 0] += 1
            if wanted.contains(entry.game.id) { rejected[entry.game.id] = .timeTBD }
            return true
        }
        accepted.sort { ($0.node.start, $0.game.id) < ($1.node.start, $1.game.id) }
        games = accepted.map(\.game)
        nodes = accepted.map(\.node)

        for (index, game) in games.enumerated() where wanted.contains(game.id) {
            nodes[index].isMustSee = true
            mustSeeNodes.append(index)
        }
        problem = findProblem(request: request, wanted: wanted, rejected: rejected)
    }

    /// A doubleheader's second game listed to start before the first can end, or with no time
    /// at all ("follows game 1"), is assumed to start 30 minutes after the first one's expected end.
    private static func settleDoubleheaders(_ games: inout [(game: RichGame, node: PlanNode)]) {
        struct Key: Hashable {
            var stadium: Int, day: Int, home: String, away: String
        }
        var groups: [Key: [Int]] = [:]
        for (index, entry) in games.enumerated() {
            let key = Key(
                stadium: entry.node.stadium, day: entry.node.day, home: entry.game.game.homeTeamId,
                away: entry.game.game.awayTeamId)
            groups[key, default: []].append(index)
        }
        for members in groups.values where members.count > 1 {
            let ordered = members.sorted {
                (games[$0].game.game.gameNumber, games[$0].node.start) < (
                    games[$1].game.game.gameNumber, games[$1].node.start
                )
            }
            for (previous, current) in zip(ordered, ordered.dropFirst()) {
                let earliest = games[previous].node.end + doubleheaderBreak
                let duration = games[current].node.end - games[current].node.start
                if games[current].node.start < games[previous].node.end || games[current].game.game.timeTBD {
                    games[current].node.start = earliest
                    games[current].node.end = earliest + duration
                    games[current].node.hasEstimatedStart = true
                }
            }
        }
    }

    private func findProblem(
        request: PlanRequest, wanted: Set<String>, rejected: [String: GameSkipReason]
    ) -> PlanInfeasibility? {
        let found = Set(mustSeeNodes.map { games[$0].id })
        for id in request.mustSeeGameIds where !found.contains(id) {
            if let reason = rejected[id] { return .mustSeeGameUnavailable(gameId: id, reason: reason) }
            return .mustSeeGameNotFound(gameId: id)
        }
        if nodes.isEmpty {
            return .noGames(from: request.from, to: request.to, sports: request.sports.sorted())
        }
        let covered = nodes.reduce(UInt16(0)) { $0 | $1.teams }
        for (bit, id) in mustSeeTeamIds.enumerated() where covered & (1 << bit) == 0 {
            return .mustSeeTeamHasNoGames(teamId: id)
        }
        for (a, b) in zip(mustSeeNodes, mustSeeNodes.dropFirst()) {
            let first = nodes[a]
            let second = nodes[b]
            if second.start < first.end {
                return .mustSeeGamesClash(firstGameId: games[a].id, secondGameId: games[b].id)
            }
        }
        return nil
    }
}
