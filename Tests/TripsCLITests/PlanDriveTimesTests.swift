import Foundation
import TestSupport
import Testing

/// `trips plan --drive-times FILE` on the bundled seasons with a fixture matrix of the central
/// ballparks (Tests/TripsCLITests/DriveTimes): the legs it lists are driven as the file says, the
/// rest estimated and the output says how many; a tour honours it too; bad files are bad input.
@Suite struct PlanDriveTimesTests {
    static let folder = TripsProcess.root.appendingPathComponent("Tests/TripsCLITests/DriveTimes")
    static let csv = folder.appendingPathComponent("central.csv").path
    static let json = folder.appendingPathComponent("central.json").path
    static let week = ["plan", "--sport", "mlb", "--from", "2026-06-01", "--days", "7", "--start", "Chicago"]

    /// The fixture's drives by venue name (ids of the Detroit rows mapped to its name).
    static func matrix() throws -> [String: (miles: Double, minutes: Double)] {
        let names = ["stadium_comerica_park": "Comerica Park", "Guaranteed Rate Field": "Rate Field"]
        var drives: [String: (Double, Double)] = [:]
        for line in try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").dropFirst(2) {
            let fields = line.split(separator: ",").map { String($0).replacingOccurrences(of: "\"", with: "") }
            let from = names[fields[0]] ?? fields[0]
            let to = names[fields[1]] ?? fields[1]
            drives["\(from)|\(to)"] = (Double(fields[2])!, Double(fields[3])!)
        }
        return drives
    }

    static func run(_ arguments: [String]) async throws -> (status: Int32, json: [String: Any], stderr: String) {
        let result = try await TripsProcess().run(arguments + ["--format", "json", "--no-input"])
        let object = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
        return (result.status, object ?? [:], result.stderr)
    }

    @Test func listedLegsUseTheFileAndTheRestAreCounted() async throws {
        let run = try await Self.run(Self.week + ["--drive-times", Self.csv])
        #expect(run.status == 0, "\(run.stderr)")
        let matrix = try Self.matrix()
        let trips = try #require(run.json["trips"] as? [[String: Any]])
        #expect(!trips.isEmpty)
        var listedSeen = 0
        for trip in trips {
            let legs = try #require(trip["legs"] as? [[String: Any]])
            let drives = legs.filter { ($0["driveHours"] as? Double ?? 0) > 0 }
            var listed = 0
            for leg in drives {
                let key = "\(leg["from"] as? String ?? "")|\(leg["to"] as? String ?? "")"
                guard let given = matrix[key] else { continue }
                listed += 1
                #expect(leg["miles"] as? Double == given.miles, "\(key)")
                #expect(abs((leg["driveHours"] as? Double ?? 0) - given.minutes / 60) < 0.006, "\(key)")
            }
            let coverage = try #require(trip["roadTimes"] as? [String: Any])
            #expect(coverage["source"] as? String == Self.csv)
            #expect(coverage["legs"] as? Int == drives.count)
            #expect(coverage["fromFile"] as? Int == listed)
            #expect(listed < drives.count, "the drive from Chicago (a city, not a venue) is estimated")
            listedSeen += listed
        }
        #expect(listedSeen > 0)
    }

    /// A file as Python's `csv` module writes it (dialect excel: CRLF, minimal quoting, doubled
    /// quotes), with a byte-order mark, a capitalised header and a note column holding commas,
    /// quotes and a line break: read as the hand-written fixture.
    @Test func aFileWrittenByPythonsCSVModulePlansAsTheFixture() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trips-sheet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let written = dir.appendingPathComponent("drives.csv").path
        let script = """
            import csv, sys
            with open(sys.argv[1], newline='') as f:
                rows = [r for r in csv.reader(f) if r and not r[0].startswith('#')][1:]
            with open(sys.argv[2], 'w', newline='', encoding='utf-8-sig') as f:
                out = csv.writer(f, dialect='excel')
                out.writerow(['From', 'To', 'Miles', 'Minutes', 'Note'])
                for i, row in enumerate(rows):
                    out.writerow(row + ['via I-94, "the usual"\\nthen left' if i % 2 else ''])
            """
        let python = try await TripsProcess.tool("/usr/bin/python3", ["-c", script, Self.csv, written])
        #expect(python.status == 0, "\(python.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: written))
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\r\n"))
        #expect(text.contains("\"via I-94, \"\"the usual\"\"\nthen left\""))

        let trips = TripsProcess()
        let fixture = try await trips.run(Self.week + ["--drive-times", Self.csv, "--format", "json", "--no-input"])
        let sheet = try await trips.run(Self.week + ["--drive-times", written, "--format", "json", "--no-input"])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(fixture.status == 0)
        #expect(sheet.stdout.contains("\"fromFile\""))
        #expect(sheet.stdout.replacingOccurrences(of: written, with: Self.csv) == fixture.stdout)

        // A venue misspelt on the file's fourth record is reported on its own line, past the
        // two-line note before it.
        let bad = dir.appendingPathComponent("bad.csv").path
        try Data(
            "\u{FEFF}from,to,miles,minutes,note\r\nWrigley Field,Target Field,410.9,405,\"a\r\nb\"\r\nWrigley Feld,Busch Stadium,310.9,310,\r\n"
                .utf8
        ).write(to: URL(fileURLWithPath: bad))
        let misspelt = try await trips.run(Self.week + ["--drive-times", bad, "--format", "json", "--no-input"])
        #expect(misspelt.status == 2)
        #expect(misspelt.stderr.contains("\(bad) line 4: "), "\(misspelt.stderr)")
    }

    @Test func theJSONMatrixPlansTheSameTrips() async throws {
        let fromCSV = try await Self.run(Self.week + ["--drive-times", Self.csv])
        let fromJSON = try await Self.run(Self.week + ["--drive-times", Self.json])
        #expect(fromJSON.status == 0, "\(fromJSON.stderr)")
        func legs(_ json: [String: Any]) -> [[Double]] {
            (json["trips"] as? [[String: Any]] ?? []).map { trip in
                (trip["legs"] as? [[String: Any]] ?? []).map { $0["miles"] as? Double ?? -1 }
            }
        }
        #expect(legs(fromCSV.json) == legs(fromJSON.json))
        #expect(!legs(fromJSON.json).isEmpty)
    }

    @Test func theTableSaysHowManyLegsTheFileGave() async throws {
        let result = try await TripsProcess().run(Self.week + ["--drive-times", Self.csv, "--no-input"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdout.replacingOccurrences(of: "\n    ", with: " ")
        let pattern = try Regex("road times from \\S+central\\.csv for \\d+ of \\d+ legs; the rest estimated")
        #expect(text.contains(pattern), "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        // Without the file, no note.
        let plain = try await TripsProcess().run(Self.week + ["--no-input"])
        #expect(!plain.stdout.contains("road times"))
    }

    @Test func formatsWithoutRoomForANoteSayItOnStderr() async throws {
        let result = try await TripsProcess().run(
            Self.week + ["--drive-times", Self.csv, "--format", "csv", "--no-input"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.unwrapped.contains("road times from "))
        #expect(!result.stdout.contains("road times"))
    }

    @Test func aTourHonoursTheFile() async throws {
        let tour = [
            "plan", "--tour", "venues", "--sport", "mlb", "--teams", "CHC,CWS,MIL,MIN,DET", "--season", "2026",
            "--time-limit", "10s",
        ]
        let run = try await Self.run(tour + ["--drive-times", Self.json])
        #expect(run.status == 0, "\(run.stderr)")
        let trip = try #require((run.json["trips"] as? [[String: Any]])?.first)
        let coverage = try #require(trip["roadTimes"] as? [String: Any])
        let legs = try #require(trip["legs"] as? [[String: Any]])
        #expect(coverage["legs"] as? Int == legs.count)
        #expect(coverage["fromFile"] as? Int == legs.count, "every pair of these five venues is in the file")
        let matrix = try Self.matrix()
        for leg in legs {
            let key = "\(leg["from"] as? String ?? "")|\(leg["to"] as? String ?? "")"
            #expect(leg["miles"] as? Double == matrix[key]?.miles, "\(key)")
        }
        let table = try await TripsProcess().run(tour + ["--drive-times", Self.json, "--no-input"])
        let text = table.stdout.replacingOccurrences(of: "\n    ", with: " ")
        #expect(text.contains("road times from \(Self.json) for all \(legs.count) legs"), "\(table.stdout)")
    }

    /// A scratch file with `text`.
    static func file(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("drive-times-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func anUnknownVenueIsBadInputNamingTheLine() async throws {
        let path = try Self.file(
            "times.csv", "from,to,miles,minutes\nWrigley Field,Rate Field,11,25\nWrigly Feld,Comerica Park,280,290\n")
        let result = try await TripsProcess().run(Self.week + ["--drive-times", path, "--no-input"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("times.csv line 3: unknown stadium 'Wrigly Feld'"), "\(result.stderr)")
        #expect(result.stderr.contains("did you mean Wrigley Field"))
        #expect(result.stdout.isEmpty)
        let json = try Self.file(
            "times.json",
            """
            [
              {"from": "Wrigley Field", "to": "Rate Field", "miles": 11, "minutes": 25},
              {"from": "Nowhere Park", "to": "Rate Field", "miles": 11, "minutes": 25}
            ]
            """)
        let second = try await TripsProcess().run(Self.week + ["--drive-times", json, "--no-input"])
        #expect(second.status == 2)
        #expect(second.stderr.contains("times.json line 3: unknown stadium 'Nowhere Park'"), "\(second.stderr)")
    }

    @Test(arguments: [
        ("short.csv", "Wrigley Field,Rate Field,11\n", "line 1: expected 4 fields"),
        ("words.csv", "from,to,miles,minutes\nWrigley Field,Rate Field,eleven,25\n", "line 2: miles 'eleven'"),
        ("zero.csv", "Wrigley Field,Rate Field,11,0\n", "line 1: minutes '0' is not a number from 1 to 14,400"),
        // Values that once trapped the planner's integer miles (1e17: SIGILL, no message) or that
        // no road has: each is bad input naming its line.
        ("huge.csv", "Wrigley Field,Rate Field,1e17,25\n", "line 1: miles '1e17' is not a number from 0 to 10,000"),
        ("vast.csv", "Wrigley Field,Rate Field,11,1e300\n", "line 1: minutes '1e300' is not a number from 1 to"),
        ("tiny.csv", "Wrigley Field,Rate Field,11,1e-300\n", "line 1: minutes '1e-300' is not a number"),
        ("nan.csv", "Wrigley Field,Rate Field,NaN,25\n", "line 1: miles 'NaN' is not a number"),
        ("minus.csv", "Wrigley Field,Rate Field,-1,25\n", "line 1: miles '-1' is not a number from 0"),
        (
            "huge.json", "[{\"from\": \"Wrigley Field\", \"to\": \"Rate Field\", \"miles\": 1e17, \"minutes\": 25}]",
            "line 1: miles"
        ),
        ("same.csv", "Wrigley Field,stadium_wrigley_field,1,2\n", "line 1: 'Wrigley Field' and"),
        ("empty.csv", "# nothing\n", "no drives"),
        ("broken.json", "[{\"from\": \"Wrigley Field\", \"to\": 3}]", "not a list of drives"),
    ])
    func aMalformedFileIsBadInput(name: String, text: String, message: String) async throws {
        let path = try Self.file(name, text)
        let result = try await TripsProcess().run(Self.week + ["--drive-times", path, "--no-input"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("Error("), "no Swift error dumps")
    }

    @Test func aMissingFileIsBadInput() async throws {
        let result = try await TripsProcess().run(
            Self.week + ["--drive-times", "/nonexistent/times.csv", "--no-input"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read --drive-times file '/nonexistent/times.csv'"))
    }
}
