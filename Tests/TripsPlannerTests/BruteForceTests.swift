import Foundation
import TestSupport
import Testing
import TripsModel

@testable import TripsPlanner

/// The planner against brute force on random small instances (seeded, so failures reproduce):
/// the same best value and the same K best values, every time, with every constraint mixed in.
@Suite struct BruteForceTests {
    static let durations = ["mlb": 180, "nba": 150]
    static let zones = ["America/Chicago", "America/New_York", "America/Denver"]
    static let startDays = ["2026-06-01", "2026-03-06", "2026-10-30"]  // plain, spring DST, autumn DST

    struct Instance {
        var games: [RichGame]
        var request: PlanRequest
    }

    /// `nextDoor`: the stadiums come in pairs a mile or less apart (a hop, `DriveModel.hopSeconds`),
    /// with night driving every other time, so hops after a day's full drive are common.
    /// `spread`: stadiums within this many miles of the middle each way (flights need more).
    static func instance(seed: UInt64, nextDoor: Bool = false, spread: Double = 200) -> Instance {
        var rng = SeededGenerator(seed: seed)
        var f = Fixture()
        let stadiumCount = Int.random(in: 2...6, using: &rng)
        var north = 0.0
        var east = 0.0
        var zone = zones[0]
        for s in 0..<stadiumCount {
            if nextDoor && s % 2 == 1 {
                north += Double.random(in: -0.7...0.7, using: &rng)
                east += Double.random(in: -0.7...0.7, using: &rng)
            } else {
                north = Double.random(in: -spread...spread, using: &rng)
                east = Double.random(in: -spread...spread, using: &rng)
                zone = zones.randomElement(using: &rng)!
            }
            f.stadium("s\(s)", milesNorth: north, milesEast: east, zone: zone)
        }
        let first = Fixture.day(startDays.randomElement(using: &rng)!)
        let days = Int.random(in: 2...5, using: &rng)
        let gameCount = Int.random(in: 4...12, using: &rng)
        let hours = ["12:05", "13:10", "15:00", "18:30", "19:05", "20:00", "21:30"]
        var pairings = Set<String>()  // no same-day rematch at one stadium: that is a doubleheader
        for index in 0..<gameCount {
            let stadium = "s\(Int.random(in: 0..<stadiumCount, using: &rng))"
            let day = first.adding(days: Int.random(in: 0..<days, using: &rng))
            let status: Game.Status = Int.random(in: 0..<12, using: &rng) == 0 ? .postponed : .scheduled
            var away = "team_s\(Int.random(in: 0..<stadiumCount, using: &rng))"
            if away == "team_\(stadium)" || !pairings.insert("\(stadium) \(day) \(away)").inserted {
                away = "v\(index)"
            }
            f.game(
                "g\(index)", at: stadium, "\(day) \(hours.randomElement(using: &rng)!)", away: away,
                sport: Bool.random(using: &rng) ? "mlb" : "nba", status: status)
        }
        var request = PlanRequest(from: first, to: first.adding(days: days - 1))
        request.objective = PlanObjective.allCases.randomElement(using: &rng)!
        request.options = Int.random(in: 1...4, using: &rng)
        request.driving = DrivingRules(
            maxHoursPerDay: [1.5, 3, 6].randomElement(using: &rng)!, averageSpeedMph: 55, roadFactor: 1.2,
            bufferBeforeGameMinutes: 30, bufferAfterGameMinutes: [0, 30].randomElement(using: &rng)!,
            allowsOvernightDriving: Int.random(in: 0..<(nextDoor ? 2 : 5), using: &rng) == 0)
        if Int.random(in: 0..<4, using: &rng) == 0 { request.maxGames = Int.random(in: 1...3, using: &rng) }
        request.distinctStadiumsOnly = Int.random(in: 0..<5, using: &rng) == 0
        if Int.random(in: 0..<5, using: &rng) == 0 {
            request.minHoursBetweenGames = [5, 20].randomElement(using: &rng)!
        }
        if Int.random(in: 0..<4, using: &rng) == 0 { request.sports = ["mlb"] }
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            request.mustSeeTeamIds.append("team_s\(Int.random(in: 0..<stadiumCount, using: &rng))")
        }
        if Int.random(in: 0..<4, using: &rng) == 0 {
            request.mustSeeGameIds = ["g\(Int.random(in: 0..<gameCount, using: &rng))"]
        }
        if Int.random(in: 0..<6, using: &rng) == 0 { request.homeGamesOnlyTeamIds = ["team_s0"] }
        if Int.random(in: 0..<3, using: &rng) == 0 {
            request.start = f.place(
                "start", milesNorth: Double.random(in: -150...150, using: &rng), zone: zones.randomElement(using: &rng)!
            )
        }
        if Int.random(in: 0..<3, using: &rng) == 0 {
            request.end = f.place("end", milesNorth: Double.random(in: -150...150, using: &rng))
        }
        return Instance(games: f.games, request: request)
    }

    /// A night start declined for miles alone (issue 40 item 5): the planner's option 1 sets off
    /// by day and may drive further than the brute force's best.
    static func declinedForMiles(_ result: PlanResult) -> Bool { result.nightSetOff?.milesSavedAtNight != nil }

    /// Then option 1 is a trip the reference accepts with the best trip's games and venues (its
    /// miles may be more), the best trip itself is among the other options, and every option is
    /// one of the reference's best.
    static func expectTheTripByDayFirst(_ result: PlanResult, _ expected: [ReferencePlanner.Trip], valid: Set<[String]>)
    {
        guard let first = result.itineraries.first, let best = expected.first else {
            Issue.record("a declined night start with no option")
            return
        }
        #expect(valid.contains(first.gameIds))
        #expect(first.totals.games == best.games && first.totals.distinctStadiums == best.stadiums)
        #expect(first.totals.miles > best.miles, "the trip by day drives further: that is why it was a choice")
        let others = result.itineraries.dropFirst()
        if !others.isEmpty {
            #expect(others.contains { abs($0.totals.miles - best.miles) < 0.01 && $0.totals.games == best.games })
        }
        for itinerary in result.itineraries { #expect(valid.contains(itinerary.gameIds)) }
    }

    @Test(arguments: TestSeed.cases(0..<500, short: 120))
    func matchesBruteForceOnRandomInstances(seed: Int) throws {
        let instance = Self.instance(seed: UInt64(seed))
        let result = try TripPlanner(gameDurationMinutes: Self.durations, zones: Fixture.zones).plan(
            instance.request, games: instance.games)
        let reference = ReferencePlanner(request: instance.request, games: instance.games, durations: Self.durations)
        let expected = Array(reference.rankedTrips().prefix(instance.request.options))
        #expect(result.isExhaustive)
        #expect(result.itineraries.count == expected.count)
        if Self.declinedForMiles(result) {
            return Self.expectTheTripByDayFirst(result, expected, valid: Set(reference.rankedTrips().map(\.ids)))
        }
        for (itinerary, trip) in zip(result.itineraries, expected) {
            #expect(itinerary.totals.games == trip.games)
            #expect(itinerary.totals.distinctStadiums == trip.stadiums)
            #expect(abs(itinerary.totals.miles - trip.miles) < 0.01)
        }
        #expect((result.infeasibility == nil) == !expected.isEmpty)
    }

    /// Venues next door: a hop counts against no limit and ends no rest, in the search as in the
    /// reference's re-driving (`DriveModel.duty`).
    @Test(arguments: TestSeed.cases(0..<300, short: 80))
    func matchesBruteForceWithVenuesNextDoor(seed: Int) throws {
        let instance = Self.instance(seed: UInt64(5000 + seed), nextDoor: true)
        let result = try TripPlanner(gameDurationMinutes: Self.durations, zones: Fixture.zones).plan(
            instance.request, games: instance.games)
        let reference = ReferencePlanner(request: instance.request, games: instance.games, durations: Self.durations)
        let expected = Array(reference.rankedTrips().prefix(instance.request.options))
        #expect(result.isExhaustive)
        if Self.declinedForMiles(result) {
            return Self.expectTheTripByDayFirst(result, expected, valid: Set(reference.rankedTrips().map(\.ids)))
        }
        #expect(result.itineraries.map(\.totals.games) == expected.map(\.games))
        #expect(result.itineraries.map(\.totals.distinctStadiums) == expected.map(\.stadiums))
        for (itinerary, trip) in zip(result.itineraries, expected) {
            #expect(abs(itinerary.totals.miles - trip.miles) < 0.01)
        }
        let valid = Set(reference.rankedTrips().map(\.ids))
        for itinerary in result.itineraries { #expect(valid.contains(itinerary.gameIds)) }
    }

    @Test(arguments: TestSeed.cases(0..<150, short: 50))
    func everyItineraryIsOneTheReferenceAccepts(seed: Int) throws {
        let instance = Self.instance(seed: UInt64(1000 + seed))
        let result = try TripPlanner(gameDurationMinutes: Self.durations, zones: Fixture.zones).plan(
            instance.request, games: instance.games)
        let valid = Set(
            ReferencePlanner(request: instance.request, games: instance.games, durations: Self.durations)
                .rankedTrips().map(\.ids))
        for itinerary in result.itineraries {
            #expect(valid.contains(itinerary.gameIds))
        }
    }

    /// A search cut short by its limit prunes less with more options; option 1 must still be at
    /// least as good as when a single option is asked for.
    @Test(arguments: TestSeed.cases(0..<60, short: 60))
    func askingForMoreOptionsNeverMakesOptionOneWorse(seed: Int) throws {
        var instance = Self.instance(seed: UInt64(2000 + seed))
        instance.request.searchLimit = 3 + seed % 10
        let planner = TripPlanner(gameDurationMinutes: Self.durations, zones: Fixture.zones)
        instance.request.options = 1
        let one = try planner.plan(instance.request, games: instance.games).itineraries.first
        instance.request.options = 4
        let many = try planner.plan(instance.request, games: instance.games).itineraries.first
        guard let one else { return }
        let best = try #require(many, "more options found nothing where one option found a trip")
        let ranking = Ranking(objective: instance.request.objective)
        func tally(_ itinerary: Itinerary) -> Tally {
            Tally(
                games: Int32(itinerary.totals.games), stadiums: Int32(itinerary.totals.distinctStadiums),
                milliMiles: Int64((itinerary.totals.miles * 1000).rounded()))
        }
        #expect(!ranking.isBetter(tally(one), than: tally(best)), "TRIPS_TEST_SEED=\(seed)")
    }

    /// When the search for K options stops early but the one for a single option finishes,
    /// option 1 is proven best: the brute force's best has the same games, venues and miles.
    @Test func optionOneIsProvenWhenTheSearchForItAloneFinishes() throws {
        let planner = TripPlanner(gameDurationMinutes: Self.durations, zones: Fixture.zones)
        var claimed = 0
        let seeds = TestSeed.cases(0..<300, short: 100)
        for seed in seeds {
            var instance = Self.instance(seed: UInt64(5000 + seed))
            instance.request.options = 4
            instance.request.searchLimit = 4 + seed % 12
            let result = try planner.plan(instance.request, games: instance.games)
            guard !result.isExhaustive, result.bestIsProven, let first = result.itineraries.first else { continue }
            claimed += 1
            let reference = ReferencePlanner(
                request: instance.request, games: instance.games, durations: Self.durations)
            let best = try #require(reference.rankedTrips().first)
            #expect(first.totals.games == best.games, "TRIPS_TEST_SEED=\(seed)")
            #expect(first.totals.distinctStadiums == best.stadiums, "TRIPS_TEST_SEED=\(seed)")
            #expect(abs(first.totals.miles - best.miles) < 0.01, "TRIPS_TEST_SEED=\(seed)")
        }
        #expect(claimed >= TestSeed.scaled(10, of: 300, ran: seeds.count))
    }

    /// When the search stops early under the games objective, the most games is still proven
    /// (a games-only search) and option 1 sees that many: the brute force agrees on every instance
    /// where it is claimed, and it is claimed on many.
    @Test func aSearchCutShortStillProvesTheMostGames() throws {
        let planner = TripPlanner(gameDurationMinutes: Self.durations, zones: Fixture.zones)
        var claimed = 0
        let seeds = TestSeed.cases(0..<1100, short: 300)
        for seed in seeds {
            var instance = Self.instance(seed: UInt64(3000 + seed))
            instance.request.objective = .games
            instance.request.maxGames = nil
            instance.request.options = 1
            // The smallest limit that stops the search after the games-only search has finished.
            for limit in 1...40 {
                instance.request.searchLimit = limit
                let result = try planner.plan(instance.request, games: instance.games)
                guard !result.isExhaustive else { break }
                guard let most = result.mostGames else { continue }
                claimed += 1
                let reference = ReferencePlanner(
                    request: instance.request, games: instance.games, durations: Self.durations)
                let best = try #require(reference.rankedTrips().first)
                #expect(most == best.games, "TRIPS_TEST_SEED=\(seed)")
                #expect(result.itineraries.first?.totals.games == most, "TRIPS_TEST_SEED=\(seed)")
                let venues = try #require(result.mostVenues, "TRIPS_TEST_SEED=\(seed)")
                #expect(venues >= best.stadiums, "TRIPS_TEST_SEED=\(seed)")
                break
            }
        }
        #expect(claimed >= TestSeed.scaled(20, of: 1100, ran: seeds.count), "claimed \(claimed)")
    }
}
