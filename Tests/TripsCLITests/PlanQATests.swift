import Foundation
import Testing

/// The trips users found nonsense in, as the CLI plans them now (issue 13's QA cases), checked
/// on the JSON a program would read: no night on the road for a short hop, never more driving
/// than the limit between rests with --night-driving, back at --end by the window's last day,
/// and a first drive that does not leave days before the first game.
@Suite struct PlanQATests {
    static func plan(_ arguments: [String]) async throws -> (status: Int32, trips: [[String: Any]], stderr: String) {
        let result = try await TripsProcess().run(["plan"] + arguments + ["--format", "json", "--no-input"])
        let object = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
        return (result.status, object?["trips"] as? [[String: Any]] ?? [], result.stderr)
    }

    static func legs(_ trip: [String: Any]) -> [[String: Any]] { trip["legs"] as? [[String: Any]] ?? [] }

    /// An ISO 8601 instant ("2026-06-02T11:40:00-05:00", "2026-06-08T02:21:55Z").
    static func date(_ value: Any?) throws -> Date {
        try #require((value as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
    }

    @Test(arguments: [
        ["--sport", "mlb", "--from", "2026-06-01", "--days", "7", "--start", "Chicago"],
        ["--sport", "mlb", "--from", "2026-06-05", "--days", "5", "--start", "Washington, DC"],
        ["--sport", "nba,nhl", "--from", "2026-12-01", "--days", "10", "--start", "Boston", "--end", "Boston"],
    ])
    func aDriveThatFitsInADayNeverSpendsANightOnTheRoad(arguments: [String]) async throws {
        let plan = try await Self.plan(arguments)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(!plan.trips.isEmpty)
        for leg in plan.trips.flatMap(Self.legs) where (leg["driveHours"] as? Double ?? 0) <= 6 {
            #expect(leg["overnightStops"] as? Int == 0, "\(leg)")
        }
    }

    @Test func withNightDrivingNoStretchBetweenRestsIsLongerThanTheLimit() async throws {
        let plan = try await Self.plan([
            "--sport", "mlb", "--from", "2026-06-01", "--days", "7", "--start", "Chicago", "--night-driving",
            "--max-drive-hours", "5",
        ])
        #expect(plan.status == 0, "\(plan.stderr)")
        for trip in plan.trips {
            let drives = (trip["days"] as? [[String: Any]] ?? []).flatMap { $0["drives"] as? [[String: Any]] ?? [] }
            var stretches: [(depart: Date, arrive: Date)] = []
            for drive in drives { stretches.append((try Self.date(drive["depart"]), try Self.date(drive["arrive"]))) }
            // A hop next door (3 min at most) is not driving and ends no rest.
            stretches.removeAll { $0.arrive.timeIntervalSince($0.depart) <= 180 }
            stretches.sort { $0.depart < $1.depart }
            // Driving since the last break of 8 h or more, summed stretch by stretch.
            var since = 0.0
            var previous: Date?
            for stretch in stretches {
                if let previous, stretch.depart.timeIntervalSince(previous) >= 8 * 3600 { since = 0 }
                since += stretch.arrive.timeIntervalSince(stretch.depart)
                #expect(since <= 5 * 3600 + 60, "\(since / 3600) h without a rest")
                previous = stretch.arrive
            }
            #expect(!stretches.isEmpty)
        }
    }

    /// Cleveland's football and basketball buildings are a mile apart. The hop between Sunday's
    /// 13:00 and 18:00 games is not driving, so the day's 6 h drive in needs no 02:44 start to
    /// have rested 8 h before it.
    @Test func aHopNextDoorNeedsNoNightStartToRestBeforeIt() async throws {
        let plan = try await Self.plan([
            "--sport", "nfl,nba", "--from", "2026-11-28", "--days", "3", "--start", "Boston, MA", "--night-driving",
        ])
        #expect(plan.status == 0, "\(plan.stderr)")
        let days = try #require(plan.trips.first?["days"] as? [[String: Any]])
        let sunday = try #require(days.first { $0["date"] as? String == "2026-11-29" })
        let games = (sunday["games"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(games == ["game_nfl_2026_1129_lv_cle", "game_nba_2026_1129_mia_cle"])
        let departures = (sunday["drives"] as? [[String: Any]] ?? []).compactMap { $0["depart"] as? String }
        #expect(departures.count == 3)
        // Local times ("2026-11-29T05:29:48-05:00"): none in the small hours.
        for departure in departures {
            let hour = Int(departure.dropFirst(11).prefix(2)) ?? -1
            #expect(hour >= 5, "\(departure)")
        }
    }

    /// `--days 2` alone plans from today; at 18:00 in Boston nothing sets off earlier, and no
    /// game already under way is on the plan (today's 13:20 start was shown at 18:00).
    @Test func aTripFromTodayNeitherSetsOffNorSeesAGameBeforeNow() async throws {
        let now = "2026-11-27T23:00:00Z"
        let result = try await TripsProcess(extraEnvironment: ["TRIPS_NOW": now]).run([
            "plan", "--sport", "nba", "--days", "2", "--start", "Boston", "--format", "json", "--no-input",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let query = try #require(object["query"] as? [String: Any])
        #expect(query["from"] as? String == "2026-11-27")
        let trips = object["trips"] as? [[String: Any]] ?? []
        #expect(!trips.isEmpty)
        let instant = try Self.date(now)
        for trip in trips {
            for game in trip["games"] as? [[String: Any]] ?? [] {
                #expect(try Self.date(game["startTime"]) >= instant, "\(game["id"] ?? "")")
            }
            for leg in Self.legs(trip) { #expect(try Self.date(leg["departure"]) >= instant, "\(leg)") }
        }
    }

    @Test func anEndPlaceIsReachedByTheEndOfTheLastDayOrThePlanSaysItCannotBe() async throws {
        let plan = try await Self.plan([
            "--sport", "mlb", "--from", "2026-06-01", "--days", "7", "--start", "Chicago", "--end", "Chicago",
        ])
        #expect(plan.status == 0, "\(plan.stderr)")
        let closes = try Self.date("2026-06-08T05:00:00Z")  // midnight ending Jun 7 in Chicago (CDT)
        for trip in plan.trips {
            let last = try #require(Self.legs(trip).last)
            #expect(last["to"] as? String == "Chicago, IL")
            #expect(try Self.date(last["arrival"]) <= closes)
        }

        let short = try await Self.plan([
            "--sport", "mlb", "--from", "2026-06-01", "--days", "1", "--start", "Chicago", "--end", "Seattle",
        ])
        #expect(short.status == 1)
        #expect(short.stderr.contains("no trip gets back to Seattle"), "\(short.stderr)")
    }

    @Test func theFirstDriveLeavesNoEarlierThanTheDayBeforeTheFirstGame() async throws {
        let plan = try await Self.plan([
            "--sport", "nfl", "--from", "2026-09-10", "--days", "14", "--start", "Pittsburgh",
        ])
        #expect(plan.status == 0, "\(plan.stderr)")
        for trip in plan.trips {
            let first = try #require(Self.legs(trip).first)
            let game = try #require((trip["games"] as? [[String: Any]])?.first)
            let departure = try Self.date(first["departure"])
            #expect(departure >= (try Self.date(game["startTime"])).addingTimeInterval(-36 * 3600), "\(first)")
        }
    }
}
