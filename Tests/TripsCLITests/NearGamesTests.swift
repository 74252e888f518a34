import Foundation
import Testing

/// `trips games --near PLACE --within MILES --on WORD` end to end, checked against a distance
/// computed here: haversine over `trips stadiums --format json`'s coordinates and Chicago's
/// point from `Data/places.tsv`, without the product's code.
@Suite struct NearGamesTests {
    /// Thursday 2026-09-10 (1 pm in Chicago): "this weekend" is Fri 11 – Sun 13 September, with the
    /// Cubs at home all three days and the Bears on Sunday.
    static let thursday: TripsProcess = {
        var process = TripsProcess.shared
        process.environment["TRIPS_NOW"] = "2026-09-10T18:00:00Z"
        return process
    }()

    static func haversineMiles(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let r = 3958.8  // mean earth radius, miles
        let rad = Double.pi / 180
        let dLat = (b.0 - a.0) * rad
        let dLon = (b.1 - a.1) * rad
        let h = pow(sin(dLat / 2), 2) + cos(a.0 * rad) * cos(b.0 * rad) * pow(sin(dLon / 2), 2)
        return 2 * r * asin(min(1, sqrt(h)))
    }

    /// Chicago, IL as the bundled gazetteer lists it.
    static func chicago() throws -> (Double, Double) {
        let tsv = try String(
            contentsOf: TripsProcess.root.appendingPathComponent("Data/places.tsv"), encoding: .utf8)
        let rows = tsv.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let row = try #require(rows.first { $0.count > 5 && $0[1] == "Chicago" && $0[3] == "IL" })
        let latitude = try #require(Double(row[4]))
        let longitude = try #require(Double(row[5]))
        return (latitude, longitude)
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func nearChicagoThisWeekendIsExactlyTheGamesWithinThirtyMilesNearestFirstEachDay() async throws {
        let trips = Self.thursday
        let centre = try Self.chicago()
        let stadiumsRun = try await trips.run(["stadiums", "--format", "json"])
        #expect(stadiumsRun.status == 0)
        var miles: [String: Double] = [:]
        for s in try #require(try Self.object(stadiumsRun.stdout)["stadiums"] as? [[String: Any]]) {
            let id = try #require(s["id"] as? String)
            let point = (try #require(s["latitude"] as? Double), try #require(s["longitude"] as? Double))
            miles[id] = Self.haversineMiles(centre, point)
        }
        // No venue sits on the edge, where two earth radii could disagree.
        #expect(!miles.values.contains { abs($0 - 30) < 0.1 })
        let near = miles.filter { $0.value <= 30 }
        #expect(near.count >= 2, "Chicago has several venues within 30 miles")

        // Every game of the weekend, then the ones at those venues, ordered as stated.
        let all = try await trips.run([
            "games", "--from", "2026-09-11", "--to", "2026-09-13", "--format", "json",
        ])
        #expect(all.status == 0)
        struct Row: Equatable {
            var id: String
            var day: String
            var start: String
            var miles: Double
        }
        var expected: [Row] = []
        for g in try #require(try Self.object(all.stdout)["games"] as? [[String: Any]]) {
            guard let stadium = g["stadium"] as? [String: Any], let id = stadium["id"] as? String,
                let distance = near[id]
            else { continue }
            expected.append(
                Row(
                    id: try #require(g["id"] as? String), day: try #require(g["localDate"] as? String),
                    start: try #require(g["startTime"] as? String), miles: (distance * 10).rounded() / 10))
        }
        expected = expected.enumerated().sorted {
            ($0.element.day, $0.element.miles, $0.offset) < ($1.element.day, $1.element.miles, $1.offset)
        }.map(\.element)
        #expect(expected.count >= 3, "the store has Chicago games that weekend")
        #expect(Set(expected.map(\.day)).count > 1)

        let json = try await trips.run([
            "games", "--near", "Chicago, IL", "--within", "30", "--on", "this weekend", "--format", "json",
        ])
        #expect(json.status == 0)
        let actual = try #require(try Self.object(json.stdout)["games"] as? [[String: Any]]).map { g in
            Row(
                id: g["id"] as? String ?? "", day: g["localDate"] as? String ?? "",
                start: g["startTime"] as? String ?? "", miles: g["distanceMiles"] as? Double ?? -1)
        }
        #expect(actual.map(\.id) == expected.map(\.id))
        for (a, e) in zip(actual, expected) {
            #expect(abs(a.miles - e.miles) <= 0.1, "\(a.id): \(a.miles) mi, expected \(e.miles)")
            #expect(a.day == e.day)
        }

        // The table: the same games in the same order, each with its distance.
        let table = try await trips.run(["games", "--near", "Chicago, IL", "--within", "30", "--on", "this weekend"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        #expect(header.contains("DIST"))
        let rows = lines.dropFirst().dropLast()
        #expect(rows.count == expected.count)
        for (row, e) in zip(rows, expected) {
            #expect(row.contains(" \(Int(e.miles.rounded())) mi "), "\(row) lacks \(e.miles) mi")
            #expect(row.contains(e.day), "\(row) is not on \(e.day)")
        }
        #expect(lines.last?.hasPrefix("\(expected.count) games · within 30 miles of Chicago, IL · ") == true)
    }

    @Test func dateWordsNameTheWeekendAndAreReadByFromAndTo() async throws {
        let trips = Self.thursday
        let on = try await trips.run(["games", "--sport", "mlb", "--on", "this weekend", "--format", "json"])
        let fromTo = try await trips.run([
            "games", "--sport", "mlb", "--from", "this weekend", "--to", "this weekend", "--format", "json",
        ])
        let query = try #require(try Self.object(on.stdout)["query"] as? [String: Any])
        #expect(query["from"] as? String == "2026-09-11")
        #expect(query["to"] as? String == "2026-09-13")
        #expect(on.stdout == fromTo.stdout)
        let next = try await trips.run(["games", "--sport", "mlb", "--on", "next weekend", "--format", "json"])
        let nextQuery = try #require(try Self.object(next.stdout)["query"] as? [String: Any])
        #expect(nextQuery["from"] as? String == "2026-09-18")
        #expect(nextQuery["to"] as? String == "2026-09-20")
        let tonight = try await trips.run(["games", "--sport", "mlb", "--on", "tonight", "--format", "json"])
        let tonightQuery = try #require(try Self.object(tonight.stdout)["query"] as? [String: Any])
        #expect(tonightQuery["from"] as? String == "2026-09-10")
        #expect(tonightQuery["to"] as? String == "2026-09-10")
    }

    @Test func badNearInputGetsTheMessagesStartGets() async throws {
        let trips = Self.thursday
        let unknown = try await trips.run(["games", "--near", "Chicagoo, IL"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown place 'Chicagoo, IL' — did you mean"))
        let within = try await trips.run(["games", "--within", "10"])
        #expect(within.status == 2)
        #expect(within.stderr.contains("--near (needed by --within)"))
        let both = try await trips.run(["games", "--on", "tomorrow", "--from", "today"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--on and --from cannot be used together"))
        let nowhere = try await trips.run(["games", "--near", "0,0", "--within", "5"])
        #expect(nowhere.status == 0)
        #expect(nowhere.stdout.contains("no games match"))
    }

    @Test func completionOffersPlacesForNear() async throws {
        let towns = try await CompleteCommandTests.complete("games", "--near", "Chicago, I")
        #expect(towns.first == "Chicago, IL")
        await #expect(try CompleteCommandTests.complete("games", "--near", "Wrigl") == ["Wrigley Field"])
        await #expect(
            try CompleteCommandTests.complete("plan", "--start", "Springfield, M").contains("Springfield, MO"))
    }
}
