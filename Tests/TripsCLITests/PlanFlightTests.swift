import Foundation
import Testing

/// `trips plan --travel` (issue 40): the Lakers' opponents tour flying its long legs, each flight
/// re-derived here from the rules the help states — daytime departures at the departure
/// airport, 90 minutes there first, air time at 500 mph plus 35 minutes, 30 minutes out of the
/// airport, no flight before the game ends, and at the next venue before its game — and read
/// by a fan in the table.
@Suite struct PlanFlightTests {
    static func run(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        var trips = TripsProcess()
        trips.environment["TRIPS_NOW"] = "2026-10-01"
        let result = try await trips.run(["plan"] + arguments + ["--no-input"])
        return (result.status, result.stdout, result.stderr)
    }

    static let lakers = ["--tour", "opponents", "--team", "LAL", "--season", "2026-27"]

    static func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text), "not ISO 8601: \(text)")
    }

    /// The local hour an ISO 8601 time with its offset names ("2026-10-29T09:00:00-07:00" → 9).
    static func localHour(_ text: String) -> Int? {
        let parts = text.split(separator: "T")
        guard parts.count == 2 else { return nil }
        return Int(parts[1].prefix(2))
    }

    @Test func theLakersTourFliesItsLongLegsAndEveryFlightKeepsTheRules() async throws {
        let either = try await Self.run(Self.lakers + ["--travel", "either", "--format", "json"])
        #expect(either.status == 0, "\(either.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(either.stdout.utf8)) as? [String: Any])
        #expect((json["query"] as? [String: Any])?["travel"] as? String == "either")
        let trip = try #require((json["trips"] as? [[String: Any]])?.first)
        let games = try #require(trip["games"] as? [[String: Any]])
        let legs = try #require(trip["legs"] as? [[String: Any]])
        #expect(legs.count == games.count - 1, "no start place: a leg between each two games")
        let flights = legs.filter { $0["mode"] as? String == "fly" }
        #expect(flights.count >= 10, "\(flights.count) of \(legs.count) legs fly")
        #expect(legs.allSatisfy { ["drive", "fly"].contains($0["mode"] as? String ?? "") })
        for (index, leg) in legs.enumerated() {
            guard let flight = leg["flight"] as? [String: Any] else {
                #expect(leg["mode"] as? String == "drive")
                continue
            }
            let from = try #require(flight["from"] as? String)
            let to = try #require(flight["to"] as? String)
            #expect(from.count == 3 && to.count == 3 && from != to, "\(from) → \(to)")
            let departText = try #require(flight["depart"] as? String)
            let arriveText = try #require(flight["arrive"] as? String)
            #expect(!departText.hasSuffix("Z") && !arriveText.hasSuffix("Z"), "local times with their offset")
            let hour = try #require(Self.localHour(departText))
            #expect((9...21).contains(hour), "\(from) departs at \(departText)")
            let depart = try Self.date(departText)
            let arrive = try Self.date(arriveText)
            let miles = try #require(flight["miles"] as? Double)
            let connects = try #require(flight["connects"] as? Bool)
            let block = (35 + miles / 500 * 60 + (connects ? 90 : 0)) * 60
            #expect(abs(arrive.timeIntervalSince(depart) - block) < 60, "\(from) → \(to): \(miles) mi")
            // Set off, drive to the airport, 90 minutes there; out 30 minutes after landing, drive on.
            let setOff = try Self.date(try #require(leg["departure"] as? String))
            let toAirport = try #require(flight["toAirportMiles"] as? Double) / 55 * 3600
            let fromAirport = try #require(flight["fromAirportMiles"] as? Double) / 55 * 3600
            #expect(depart.timeIntervalSince(setOff) >= toAirport + 90 * 60 - 60)
            let atVenue = try Self.date(try #require(leg["arrival"] as? String))
            #expect(atVenue.timeIntervalSince(arrive) >= 30 * 60 + fromAirport - 60)
            // Not before the game it leaves ends (2 h 30 for the NBA, and 30 minutes to leave),
            // at the next venue 30 minutes before its game.
            let before = try Self.date(try #require(games[index]["startTime"] as? String))
            let next = try Self.date(try #require(games[index + 1]["startTime"] as? String))
            #expect(setOff.timeIntervalSince(before) >= 3 * 3600 - 60, "\(from) leaves during the game")
            #expect(next.timeIntervalSince(atVenue) >= 30 * 60 - 60, "late for the game after \(to)")
            #expect((leg["miles"] as? Double ?? .infinity) < 250, "a flying leg's miles are its airport drives")
        }
        // Flying takes no more days than driving the same tour, and sees as many venues.
        let drive = try await Self.run(Self.lakers + ["--format", "json"])
        #expect(drive.status == 0, "\(drive.stderr)")
        let driven = try #require(try JSONSerialization.jsonObject(with: Data(drive.stdout.utf8)) as? [String: Any])
        let days = try #require((json["proof"] as? [String: Any])?["value"] as? Double)
        let drivenDays = try #require((driven["proof"] as? [String: Any])?["value"] as? Double)
        let drivenGames = try #require((driven["trips"] as? [[String: Any]])?.first?["games"] as? [[String: Any]])
        #expect(games.count > drivenGames.count || (games.count == drivenGames.count && days <= drivenDays))
        let drivenMiles = try #require((driven["trips"] as? [[String: Any]])?.first?["totalMiles"] as? Double)
        #expect(try #require(trip["totalMiles"] as? Double) < drivenMiles / 2)
    }

    @Test func theTableSaysOnceThatFlightsAreEstimatesAndFitsEightyColumns() async throws {
        let run = try await Self.run(Self.lakers + ["--travel", "either"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.contains("estimated (no timetable or fare)") }.count == 1)
        let flights = lines.filter { $0.contains("fly ") && $0.contains(" → ") }
        #expect(flights.count >= 10)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
    }

    @Test func anUnknownTravelModeIsAUsageErrorNamingTheChoices() async throws {
        let run = try await Self.run(["--sport", "mlb", "--from", "2026-07-01", "--days", "3", "--travel", "boat"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("drive, fly, either"), "\(run.stderr)")
    }
}
