import Foundation
import TestSupport
import Testing

/// `--tz` in `trips`: abbreviations follow daylight saving in the table; table, CSV and JSON agree.
@Suite struct ZoneOptionTests {
    @Test func estAndPstFollowDaylightSavingInTheTableLikeTheirZones() async throws {
        let trips = TripsProcess.shared
        let july = ["games", "--sport", "mlb", "--team", "HOU", "--from", "2026-07-01", "--limit", "3"]

        let est = try await trips.run(july + ["--tz", "EST"])
        let newYork = try await trips.run(july + ["--tz", "America/New_York"])
        let pst = try await trips.run(july + ["--tz", "PST"])

        #expect(est.status == 0 && pst.status == 0, "\(est.stderr)\(pst.stderr)")
        #expect(est.stdout == newYork.stdout)
        #expect(est.stdout.contains(" EDT  ") && !est.stdout.contains(" EST "))
        #expect(pst.stdout.contains(" PDT  "))
    }

    @Test func tableCSVAndJSONShowTheSameClockForTz() async throws {
        let trips = TripsProcess.shared
        let query = ["games", "--sport", "mlb", "--team", "HOU", "--from", "2026-07-01", "--limit", "1", "--tz", "MST"]

        let table = try await trips.run(query)
        let csv = try CSVReference.parse(try await trips.run(query + ["--format", "csv"]).stdout)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try await trips.run(query + ["--format", "json"]).stdout.utf8))
                as? [String: Any])
        let game = try #require((json["games"] as? [[String: Any]])?.first)

        let (date, time, zone) = (csv[1][3], csv[1][4], csv[1][5])
        #expect(zone == "America/Denver")
        #expect(table.stdout.contains("\(date)  \(time) MDT"))
        #expect(game["displayDate"] as? String == date)
        #expect(game["displayTime"] as? String == time)
        #expect(game["displayTimeZone"] as? String == zone)
        #expect(game["timeZone"] as? String == "America/Chicago")  // the venue's, as before
    }

    @Test func exportTakesTzForCSVToo() async throws {
        let trips = TripsProcess.shared

        let csv = try await trips.run([
            "export", "--sport", "mlb", "--team", "HOU", "--limit", "1", "--format", "csv", "--tz", "UTC",
        ])

        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(try CSVReference.parse(csv.stdout)[1][5] == "UTC")
    }
}
