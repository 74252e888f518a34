import Foundation
import Testing
import TripsModel
import TripsRender

@testable import TripsCLI

/// Real plans on the bundled data, read as a fan reads them: every table line fits 80
/// columns, the JSON days tell the same trip as the legs, and the calendar's drives are real
/// drives. The plans include the longest venue names in the data.
@Suite struct PlanDaysTests {
    let trips = TripsProcess.shared

    static let plans: [[String]] = [
        ["--sport", "mlb", "--from", "2026-06-01", "--days", "7", "--start", "Chicago", "--max-drive-hours", "5"],
        // GEHA Field at Arrowhead Stadium, and legs of several days.
        [
            "--sport", "nfl", "--from", "2026-09-10", "--days", "14", "--start", "Pittsburgh", "--home-only", "KC",
            "--team", "KC",
        ],
        ["--sport", "nba,nhl", "--from", "2026-12-01", "--days", "10", "--start", "Boston", "--end", "Boston"],
        // UNIQLO Field at Dodger Stadium.
        [
            "--sport", "mlb", "--from", "2026-06-01", "--days", "6", "--start", "Los Angeles", "--home-only", "LAD",
            "--team", "LAD",
        ],
        // Benchmark International Arena.
        [
            "--sport", "nhl", "--from", "2025-12-01", "--days", "7", "--start", "Tampa, FL", "--home-only", "TB",
            "--team", "TB",
        ],
    ]

    func plan(_ arguments: [String], _ extra: [String] = []) async throws -> TripsProcess.Result {
        let result = try await trips.run(["plan"] + arguments + ["--no-input"] + extra)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    @Test(arguments: plans) func everyLineOfTheTableFitsEightyColumnsAndNamesNoIds(_ arguments: [String]) async throws {
        let table = try await plan(arguments).stdout
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 5)
        #expect(
            lines.allSatisfy { $0.count <= 80 }, "too wide:\n\(lines.filter { $0.count > 80 }.joined(separator: "\n"))")
        #expect(!table.contains("game_"))
    }

    @Test func theLongestVenueNamesAreAmongThePlansChecked() async throws {
        var tables = ""
        for arguments in Self.plans { tables += try await plan(arguments).stdout }
        for name in [
            "GEHA Field at Arrowhead Stadium", "UNIQLO Field at Dodger Stadium", "Benchmark International Arena",
        ] {
            #expect(tables.contains(name), "no plan shows \(name)")
        }
    }

    @Test(arguments: plans) func theJSONDaysTellTheSameTripAsTheLegs(_ arguments: [String]) async throws {
        let data = Data(try await plan(arguments, ["--format", "json"]).stdout.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for trip in try #require(object["trips"] as? [[String: Any]]) {
            let days = try #require(trip["days"] as? [[String: Any]])
            let legs = try #require(trip["legs"] as? [[String: Any]])
            let games = try #require(trip["games"] as? [[String: Any]]).compactMap { $0["id"] as? String }
            // One day after another, each waking where the last one slept.
            let dates = days.compactMap { ($0["date"] as? String).flatMap { CalendarDay(iso: $0)?.dayNumber } }
            #expect(dates.count == days.count)
            let steps = zip(dates, dates.dropFirst()).map { $1 - $0 }
            #expect(steps.allSatisfy { $0 == 1 })
            for (today, tomorrow) in zip(days, days.dropFirst()) {
                #expect(tomorrow["wake"] as? String == today["sleep"] as? String)
            }
            // Every game once, in order.
            #expect(
                days.flatMap { ($0["games"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } } == games)
            // The drives are the legs' miles, split by day, with no 0-mile drive.
            let drives = days.flatMap { $0["drives"] as? [[String: Any]] ?? [] }
            let driven = drives.compactMap { $0["miles"] as? Double }
            #expect(driven.allSatisfy { $0 > 0 })
            let planned = legs.compactMap { $0["miles"] as? Double }.filter { $0 >= 0.5 }
            // Each value is rounded to 0.1 mi.
            let difference: Double = abs(driven.reduce(0, +) - planned.reduce(0, +))
            let rounding: Double = 0.05 * Double(drives.count + planned.count)
            #expect(difference <= rounding)
            // The schedule shown is the schedule planned: the first drive leaves when its leg does.
            let firstLeg = try #require(legs.first { ($0["miles"] as? Double ?? 0) >= 0.5 })
            let departure = try #require(ISO8601.parse(firstLeg["departure"] as? String ?? ""))
            let shown = try #require(ISO8601.parse(drives.first?["depart"] as? String ?? ""))
            #expect(abs(shown.timeIntervalSince(departure)) < 1)
        }
    }

    @Test func theCalendarHasTheBestOptionsGamesAndDrivesAndNoStays() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-days-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The MLB week has three games in a row at Wrigley Field: legs of 0 miles.
        let arguments = Self.plans[0]
        let path = dir.appendingPathComponent("trip.ics").path
        _ = try await plan(arguments, ["--output", path])
        let data = Data(try await plan(arguments, ["--format", "json", "--options", "1"]).stdout.utf8)
        let trip = try #require(
            ((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["trips"] as? [[String: Any]])?.first)
        let legs = try #require(trip["legs"] as? [[String: Any]])
        #expect(legs.contains { $0["miles"] as? Double == 0 }, "the plan should stay at a venue")
        let days = try #require(trip["days"] as? [[String: Any]])
        let events = try await ICalendarReference.events(path)
        let drives = events.filter { $0.uid.hasPrefix("drive-") }
        #expect(drives.count == days.map { ($0["drives"] as? [Any])?.count ?? 0 }.reduce(0, +))
        #expect(drives.allSatisfy { $0.summary.hasPrefix("Drive to ") })
        #expect(events.count - drives.count == (trip["games"] as? [Any])?.count)
    }
}
