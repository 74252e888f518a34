import Foundation
import Testing

/// Issue 29's measurement: the fixed sample of 60 `trips plan` commands in `Comfort/plans.txt`
/// (mixed sports, windows of 3–30 days, every objective, some `--end`, caps 3–12 h, 20 with
/// night driving), run by the built `trips`. Option 1's games, venues and miles must equal what
/// the planner before issue 29 chose (`Comfort/baseline.json`, from `comfort_sweep.py measure`
/// with the release build of 1ceae64), while at most 3 % of multi-day legs end a road night less
/// than an hour short of their goal and at most 10 % of night-driving plans set off between
/// 00:00 and 05:00 local (before: 22 of 162 and 4 of 20), each saying what the night start buys
/// over the best start by day (the plan's `nightSetOff`).
///
/// A debug build searches some of the 60 for minutes, so this suite runs the ones the baseline
/// planned within `quickSeconds` (45 of them, 13 with night driving); `comfort_sweep.py check
/// .build/release/trips` runs all 60 against the same baseline and limits.
@Suite struct ComfortSweepTests {
    static let folder = TripsProcess.root.appendingPathComponent("Tests/TripsCLITests/Comfort")
    /// Today as the baseline was measured (its game statuses and notes read "now").
    let trips = TripsProcess(extraEnvironment: ["TRIPS_NOW": "2026-11-27T12:00:00Z"])

    /// Makes the store before runs share it, so no two make it at once.
    func bootstrap() async throws {
        let made = try await trips.run(["teams", "--sport", "nfl"])
        #expect(made.status == 0, "\(made.stderr)")
    }

    /// What one plan's option 1 is and how it is driven.
    struct Measures {
        var games: [String]
        var venues: Int
        var miles: Double
        var multiDayLegs = 0
        /// Multi-day legs whose last road night is less than an hour's drive from the goal.
        var shortNights = 0
        /// The local hour of the trip's first drive.
        var setsOffHour: Int?
        /// For a start before 07:00: what it buys over the best start by day (`nightSetOff`).
        var nightStartBuys: String?
        /// A night start declined because it saved only miles (issue 40 item 5): option 1 sets
        /// off by day with as many games and venues as the baseline's, and may drive further.
        var nightDeclinedForMiles = false
    }

    /// The baseline's wall time (release build) under which a plan is in this suite's sample.
    static let quickSeconds = 0.6

    static func commands() throws -> [String] {
        try String(contentsOf: folder.appendingPathComponent("plans.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// A line of plans.txt as a shell splits it (double quotes only).
    static func arguments(_ line: String) -> [String] { CommandExamplesTests.words("trips " + line) }

    static func instant(_ text: String) -> Double? {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)?.timeIntervalSince1970
    }

    /// Option 1 of a `--format json` plan (nil when no trip fits).
    static func measures(_ json: String) throws -> Measures? {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        guard let trip = (object["trips"] as? [[String: Any]])?.first else { return nil }
        let games = try #require(trip["games"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        var measures = Measures(
            games: games, venues: try #require(trip["distinctStadiums"] as? Int),
            miles: try #require(trip["totalMiles"] as? Double))
        let days = try #require(trip["days"] as? [[String: Any]])
        let drives = days.flatMap { ($0["drives"] as? [[String: Any]]) ?? [] }
        for leg in try #require(trip["legs"] as? [[String: Any]]) where (leg["overnightStops"] as? Int ?? 0) > 0 {
            measures.multiDayLegs += 1
            let arrivalText = try #require(leg["arrival"] as? String)
            let arrival = try #require(instant(arrivalText))
            let last = drives.last { drive in
                (drive["to"] as? String) == (leg["to"] as? String)
                    && abs((instant(drive["arrive"] as? String ?? "") ?? 0) - arrival) < 1
            }
            if let hours = last?["hours"] as? Double, hours < 1 { measures.shortNights += 1 }
        }
        if let depart = drives.first?["depart"] as? String {
            measures.setsOffHour = Int(depart.dropFirst(11).prefix(2))
        }
        if let choice = object["nightSetOff"] as? [String: Any], choice["kept"] as? Bool == true {
            measures.nightStartBuys = choice["note"] as? String
        }
        if let choice = object["nightSetOff"] as? [String: Any], choice["kept"] as? Bool == false,
            (choice["note"] as? String)?.contains("would save") == true
        {
            measures.nightDeclinedForMiles = true
        }
        return measures
    }

    /// The baseline's option 1 per command.
    static func baseline() throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: folder.appendingPathComponent("baseline.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let plans = try #require(object["plans"] as? [[String: Any]])
        return Dictionary(plans.compactMap { plan in (plan["command"] as? String).map { ($0, plan) } }) { a, _ in a }
    }

    @Test func optionOneKeepsItsMeasuresAndIsDrivenTheWayAPersonWould() async throws {
        let baseline = try Self.baseline()
        let all = try Self.commands()
        #expect(all.count == 60)
        let commands = all.filter { (baseline[$0]?["seconds"] as? Double ?? .infinity) <= Self.quickSeconds }
        #expect(commands.count >= 40)
        try await bootstrap()
        var results: [(String, Measures?)] = []
        // Two at a time: the machine's two cores.
        for batch in stride(from: 0, to: commands.count, by: 2) {
            try await withThrowingTaskGroup(of: (String, Measures?).self) { group in
                for line in commands[batch..<min(batch + 2, commands.count)] {
                    group.addTask {
                        let run = try await trips.run(Self.arguments(line) + ["--format", "json", "--no-input"])
                        return (line, run.stdout.isEmpty ? nil : try Self.measures(run.stdout))
                    }
                }
                for try await result in group { results.append(result) }
            }
        }
        var multi = 0
        var short = 0
        var nightPlans = 0
        var earlyNights = 0
        for (line, measures) in results {
            let before = try #require(baseline[line], "no baseline for \(line)")
            guard let measures else {
                #expect(before["games"] == nil, "\(line): no trip now, one before")
                continue
            }
            let games = before["games"] as? [String]
            #expect(
                measures.games == games || (measures.nightDeclinedForMiles && measures.games.count == games?.count),
                "\(line): option 1's games changed")
            #expect(measures.venues == (before["venues"] as? Int), "\(line): option 1's venues changed")
            // The stated exception: a night start declined for miles alone may drive further.
            let miles = before["miles"] as? Double ?? -1
            #expect(
                abs(measures.miles - miles) < 0.05 || (measures.nightDeclinedForMiles && measures.miles > miles),
                "\(line): option 1's miles changed")
            multi += measures.multiDayLegs
            short += measures.shortNights
            if line.contains("--night-driving"), let hour = measures.setsOffHour {
                nightPlans += 1
                if hour < 5 {
                    earlyNights += 1
                    // A night start only where it buys something, and the plan says what.
                    #expect(measures.nightStartBuys != nil, "\(line): sets off at \(hour) h and says not why")
                }
            }
        }
        print(
            "comfort sweep: \(short) of \(multi) multi-day legs end a night < 1 h short; \(earlyNights) of \(nightPlans) night-driving plans set off 00:00–05:00"
        )
        #expect(multi > 0 && nightPlans > 0)
        #expect(short * 100 <= multi * 3, "\(short) of \(multi) multi-day legs end a night under an hour short")
        #expect(earlyNights * 10 <= nightPlans, "\(earlyNights) of \(nightPlans) night-driving plans set off 00–05")
    }

    /// A plan that still sets off in the night says what that buys over the best start by day:
    /// under option 1 in the table, in the JSON, and on stderr for formats without room for it.
    @Test func aNightStartSaysWhatItBuysInEveryFormat() async throws {
        try await bootstrap()
        let line =
            "plan --sport mls --from 2026-03-01 --days 15 --start Atlanta --max-drive-hours 8 --optimize stadiums "
            + "--night-driving --no-input"
        let table = try await trips.run(Self.arguments(line))
        #expect(table.status == 0, "\(table.stderr)")
        #expect(
            table.stdout.contains(
                "  · sets off Sun Mar 1 at 01:40 EST: a start after 07:00 sees 4 games, not 5,\n"
                    + "    and visits 4 venues, not 5\n"), "\(table.stdout)")
        let csv = try await trips.run(Self.arguments(line) + ["--format", "csv"])
        #expect(csv.stderr.contains("option 1 sets off Sun Mar 1 at 01:40 EST: a start after 07:00"), "\(csv.stderr)")
        let json = try await trips.run(Self.arguments(line) + ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let choice = try #require(object["nightSetOff"] as? [String: Any])
        #expect(choice["kept"] as? Bool == true)
        #expect((choice["atNight"] as? [String: Any])?["venues"] as? Int == 5)
        #expect((choice["byDay"] as? [String: Any])?["venues"] as? Int == 4)
        // By day, no night start to weigh.
        let byDay = try await trips.run(
            Self.arguments(line.replacing("--night-driving ", with: "")) + ["--format", "json"])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(byDay.stdout.utf8)) as? [String: Any])
        #expect(plain["nightSetOff"] is NSNull)
    }

    /// The issue's example: Toronto to Chicago with days to spare is not a 6-hour Monday to Gary,
    /// IN, and a 40-minute Tuesday.
    @Test func torontoToChicagoWithDaysToSpareDrivesEvenDays() async throws {
        try await bootstrap()
        let run = try await trips.run([
            "plan", "--sport", "nfl", "--from", "2026-10-16", "--days", "7", "--start", "Toronto", "--format", "json",
            "--no-input",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let trip = try #require((object["trips"] as? [[String: Any]])?.first)
        let days = try #require(trip["days"] as? [[String: Any]])
        let drives = days.flatMap { day in
            ((day["drives"] as? [[String: Any]]) ?? []).map { (day["date"] as? String ?? "", $0) }
        }
        // Monday Oct 19 from Cleveland: Soldier Field that evening, or less than the 6 h that
        // slept 37 miles short in Gary; and no drive of under an hour (the 40-minute Tuesday).
        let monday = drives.filter { $0.0 == "2026-10-19" }.map(\.1)
        let mondayHours = monday.reduce(0) { $0 + ($1["hours"] as? Double ?? 0) }
        let reachesChicagoMonday = monday.contains { ($0["to"] as? String) == "Soldier Field" }
        #expect(reachesChicagoMonday || (mondayHours > 0 && mondayHours < 5.9), "Monday: \(monday)")
        #expect(drives.contains { ($0.1["to"] as? String) == "Soldier Field" }, "\(drives)")
        for (date, drive) in drives {
            let hours = drive["hours"] as? Double ?? 0
            #expect(hours >= 1, "a \(hours) h drive on \(date): \(drive)")
        }
    }
}
