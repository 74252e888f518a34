import Foundation
import Testing

@Suite struct ListingCommandsTests {
    let trips = TripsProcess.shared

    @Test func teamsJSONHasTheDesignShape() async throws {
        let result = try await trips.run(["teams", "--sport", "mlb", "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let teams = try #require(object["teams"] as? [[String: Any]])
        #expect(teams.count == 30)
        #expect(
            Set(teams[0].keys) == [
                "id", "sport", "abbreviation", "name", "city", "nickname", "stadiumId", "league", "conference",
                "division",
            ])
        let astros = try #require(teams.first { $0["id"] as? String == "team_mlb_hou" })
        #expect(astros["division"] as? String == "American League West")
        #expect(astros["stadiumId"] as? String == "stadium_daikin_park")
    }

    @Test func stadiumsNearAPlaceAreSortedByDistanceWithinTheRadius() async throws {
        let result = try await trips.run(["stadiums", "--near", "Chicago, IL", "--within", "30", "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let stadiums = try #require(object["stadiums"] as? [[String: Any]])
        let names = stadiums.compactMap { $0["name"] as? String }
        for venue in ["Wrigley Field", "Rate Field", "United Center", "Soldier Field", "Wintrust Arena"] {
            #expect(names.contains(venue), "\(venue) missing")
        }
        let miles = stadiums.compactMap { $0["distanceMiles"] as? Double }
        #expect(miles.count == stadiums.count)
        #expect(miles == miles.sorted())
        #expect(miles.allSatisfy { $0 <= 30 })
        #expect(
            Set(stadiums[0].keys) == [
                "id", "name", "city", "state", "country", "latitude", "longitude", "locationApproximate", "timeZone",
                "sports",
                "teams", "distanceMiles",
            ])
    }

    @Test func anUnknownPlaceGetsSuggestions() async throws {
        let result = try await trips.run(["stadiums", "--near", "Chicgo"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("trips: unknown place 'Chicgo' — did you mean Chicago, IL"))
    }

    @Test func withinNeedsNear() async throws {
        let result = try await trips.run(["stadiums", "--within", "5"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--near"))
    }
}

@Suite struct ResetCommandTests {
    @Test func resetRebuildsADamagedStoreFromTheBundle() async throws {
        let trips = TripsProcess()
        #expect(try await trips.run(["teams"]).status == 0)
        // Damage the first page after SQLite's header: the schema can no longer be read.
        let file = try #require(FileHandle(forWritingAtPath: trips.store))
        try file.seek(toOffset: 100)
        file.write(Data(repeating: 0x55, count: 3996))
        try file.close()
        let broken = try await trips.run(["games", "--sport", "mlb", "--team", "HOU"])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains(trips.store))
        #expect(broken.stderr.contains("trips reset"))

        let refused = try await trips.run(["reset"])  // stdin is not a terminal
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--yes"))

        let reset = try await trips.run(["reset", "--yes"])
        #expect(reset.status == 0)
        #expect(reset.stdout.hasPrefix("Rebuilt \(trips.store)"))
        let after = try await trips.run(["games", "--sport", "mlb", "--team", "HOU", "--season", "2026"])
        #expect(after.status == 0)
        #expect(after.stdout.hasSuffix("162 games · Houston Astros · 2026\n"))
    }

    @Test func resetRefusesAFileThatIsNotATripsStore() async throws {
        let trips = TripsProcess()
        let notes = URL(fileURLWithPath: trips.store).deletingLastPathComponent().appendingPathComponent("notes.txt")
        try Data("buy tickets\n".utf8).write(to: notes)
        let other = notes.deletingLastPathComponent().appendingPathComponent("other.sqlite")
        _ = try await sqlite(other.path, "CREATE TABLE budget (item TEXT); INSERT INTO budget VALUES ('tickets')")
        let otherBefore = try Data(contentsOf: other)

        let text = try await trips.run(["--store", notes.path, "reset", "--yes"], withStore: false)
        let database = try await trips.run(["--store", other.path, "reset", "--yes"], withStore: false)

        #expect(text.status == 2)
        #expect(
            text.stderr
                == "trips: refusing to reset \(notes.path): it is not a trips store (not an SQLite database) — move it away or choose another --store\n"
        )
        #expect(try String(contentsOf: notes, encoding: .utf8) == "buy tickets\n")
        #expect(database.status == 2)
        #expect(database.stderr.contains("it is not a trips store (the database of another program)"))
        #expect(try Data(contentsOf: other) == otherBefore)
        let files = try FileManager.default.contentsOfDirectory(atPath: notes.deletingLastPathComponent().path)
        #expect(!files.contains { $0.hasSuffix(".bak") })
    }

    @Test func aFailedRebuildKeepsTheOldStore() async throws {
        let trips = TripsProcess()
        #expect(try await trips.run(["teams"]).status == 0)
        // A bundle whose manifest names record files that are not there: the import fails.
        let broken = URL(fileURLWithPath: trips.store).deletingLastPathComponent().appendingPathComponent("broken-data")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TripsProcess.root.appendingPathComponent("Data/manifest.json"),
            to: broken.appendingPathComponent("manifest.json"))
        var brokenBundle = trips
        brokenBundle.environment["TRIPS_DATA"] = broken.path

        // Something only this store holds, so a store rebuilt from scratch cannot pass for it.
        await #expect(
            try sqlite(trips.store, "INSERT INTO store_info (key, value) VALUES ('marker', 'the old store')") == "")

        let reset = try await brokenBundle.run(["reset", "--yes"])

        #expect(reset.status == 1)
        #expect(reset.stderr.contains(broken.path))
        await #expect(try sqlite(trips.store, "SELECT value FROM store_info WHERE key = 'marker'") == "the old store\n")
        let after = try await trips.run(["games", "--sport", "mlb", "--team", "HOU", "--season", "2026"])
        #expect(after.stdout.hasSuffix("162 games · Houston Astros · 2026\n"))
        #expect(!FileManager.default.fileExists(atPath: trips.store + ".bak"))
    }

    /// Runs one statement with the `sqlite3` shell; answers what it printed.
    func sqlite(_ database: String, _ statement: String) async throws -> String {
        let result = try await TripsProcess.tool("/usr/bin/sqlite3", [database, statement])
        #expect(result.status == 0, "sqlite3: \(result.stderr)")
        return result.stdout
    }

    @Test func aCompleteResetLeavesNoBackupBehind() async throws {
        let trips = TripsProcess()
        #expect(try await trips.run(["teams"]).status == 0)

        #expect(try await trips.run(["reset", "--yes"]).status == 0)

        let files = try FileManager.default.contentsOfDirectory(
            atPath: URL(fileURLWithPath: trips.store).deletingLastPathComponent().path)
        #expect(files.contains("trips.sqlite"))
        #expect(files.filter { $0.contains(".bak") } == [])
    }

    @Test func aStoreFromANewerTripsIsAClearError() async throws {
        let trips = TripsProcess()
        _ = try await trips.run(["teams"])
        _ = try await sqlite(trips.store, "INSERT INTO schema_migrations VALUES ('999_future', 0, 999)")
        let result = try await trips.run(["teams"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("written by a newer version of trips"))
    }
}
