import Foundation
import TestSupport
import Testing

@Suite struct ExportCommandTests {
    let trips = TripsProcess.shared

    func temporaryFile(_ name: String) throws -> (URL, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return (dir, dir.appendingPathComponent(name).path)
    }

    @Test func theAstrosSeasonExportsAs162CalendarEvents() async throws {
        let (dir, path) = try temporaryFile("astros.ics")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try await trips.run([
            "export", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--output", path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("wrote \(path)"), "a file written is said: \(result.stderr)")
        let events = try await ICalendarReference.events(path)
        #expect(events.count == 162)
        #expect(Set(events.map(\.uid)).count == 162)
        // The 2026-03-28T00:15Z game is 19:15 on 03-27 at Daikin Park (America/Chicago).
        let opener = events.first { $0.uid == "game_mlb_2026_0328_laa_hou" }
        #expect(opener?.zone == "America/Chicago")
        #expect(opener?.localStart == "2026-03-27 19:15")
        #expect(opener?.summary == "LAA @ HOU")
        // The rules trips-cloud's subscribed calendars follow: the calendar named for the team
        // and season, a SEQUENCE on every event (from the record's modification time).
        #expect(events.allSatisfy { $0.calendar == "Houston Astros 2026" })
        #expect(events.allSatisfy { ($0.sequence ?? -1) >= 0 })
    }

    @Test func anExportedCalendarRefreshesItself() async throws {
        let (dir, path) = try temporaryFile("astros.ics")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try await trips.run(["export", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--output", path])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n"))
        #expect(text.contains("\r\nX-PUBLISHED-TTL:PT6H\r\n"))
        #expect(text.contains("\r\nLAST-MODIFIED:"))
    }

    @Test func subscribePrintsTheConfiguredCloudsWebcalURL() async throws {
        let configured = TripsProcess(extraEnvironment: ["TRIPS_CLOUD_URL": "http://127.0.0.1:8123/"])
        let team = try await configured.run(["export", "--subscribe", "--sport", "MLB", "--team", "hou"])
        #expect(team.status == 0, "\(team.stderr)")
        #expect(team.stdout == "webcal://127.0.0.1:8123/calendars/mlb/hou.ics\n")
        let season = try await configured.run(["export", "--subscribe", "--sport", "nhl", "--season", "2026-27"])
        #expect(season.stdout == "webcal://127.0.0.1:8123/calendars/nhl/2026-27.ics\n")
        let neither = try await configured.run(["export", "--subscribe", "--sport", "mlb"])
        #expect(neither.status == 2)
        #expect(neither.stderr.contains("--team"))
    }

    @Test func subscribeWithoutACloudSaysHowToSetOne() async throws {
        let result = try await TripsProcess().run(["export", "--subscribe", "--sport", "mlb", "--team", "HOU"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no cloud configured"))
        #expect(result.stderr.contains("trips config set"))
    }

    @Test func icsFollowsRFC5545LineRules() async throws {
        let (dir, path) = try temporaryFile("astros.ics")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try await trips.run(["export", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--output", path])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 }, "every line folded at 75 octets")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "no bare LF")
        #expect(text.contains("DTSTART;TZID=America/Chicago:20260327T191500\r\n"))
        #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:America/Chicago\r\n"))
        #expect(text.contains("LOCATION:Daikin Park\\, Houston\\, TX\r\n"))
    }

    @Test func formatComesFromTheExtensionOrTheFlag() async throws {
        let (dir, jsonPath) = try temporaryFile("astros.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(
            try await trips.run(["export", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--output", jsonPath])
                .status == 0)
        let object =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonPath))) as? [String: Any]
        #expect((object?["games"] as? [Any])?.count == 162)
        let csvPath = dir.appendingPathComponent("astros.csv").path
        #expect(
            try await trips.run(["export", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--output", csvPath])
                .status
                == 0)
        #expect(try CSVReference.parse(String(contentsOfFile: csvPath, encoding: .utf8)).count == 163)
        let unknown = try await trips.run([
            "export", "--sport", "mlb", "--team", "HOU", "--output", dir.appendingPathComponent("x.pdf").path,
        ])
        #expect(unknown.status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.pdf").path))
    }

    @Test func aFormatTheFileNameContradictsOrCannotHoldIsRefused() async throws {
        let (dir, jsonPath) = try temporaryFile("astros.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let textPath = dir.appendingPathComponent("astros.txt").path

        let mismatch = try await trips.run([
            "export", "--sport", "mlb", "--team", "HOU", "--format", "csv", "--output", jsonPath,
        ])
        let table = try await trips.run(["export", "--sport", "mlb", "--team", "HOU", "--output", textPath])

        #expect(mismatch.status == 2)
        #expect(mismatch.stderr.contains("the name says JSON but --format is csv"))
        #expect(table.status == 2)
        #expect(table.stderr.contains("export cannot write a text table; use a .json, .ics or .csv file name"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func aFailedExportLeavesNoFileBehind() async throws {
        let result = try await trips.run([
            "export", "--sport", "mlb", "--team", "HOU", "--output", "/nonexistent-dir/astros.json",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write /nonexistent-dir/astros.json"))
        let badTeam = try await trips.run([
            "export", "--sport", "mlb", "--team", "HUO", "--output", "/tmp/never-\(UUID()).json",
        ])
        #expect(badTeam.status == 2)
    }

    // MARK: --output through links, devices and stdout

    let astros = ["export", "--sport", "mlb", "--team", "HOU", "--season", "2026"]

    @Test func outputThroughASymlinkWritesItsTargetAndKeepsTheLink() async throws {
        let (dir, real) = try temporaryFile("real.csv")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real)
        let link = dir.appendingPathComponent("link.csv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.csv")

        let result = try await trips.run(astros + ["--output", link])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.csv")
        #expect(try CSVReference.parse(String(contentsOfFile: real, encoding: .utf8)).count == 163)
        #expect(try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(leftovers == ["link.csv", "real.csv"])
    }

    @Test func outputThroughADanglingSymlinkCreatesItsTarget() async throws {
        let (dir, link) = try temporaryFile("link.json")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "made.json")

        #expect(try await trips.run(astros + ["--output", link]).status == 0)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "made.json")
        let made = try Data(contentsOf: dir.appendingPathComponent("made.json"))
        #expect(((try JSONSerialization.jsonObject(with: made) as? [String: Any])?["games"] as? [Any])?.count == 162)
    }

    @Test func outputToALinkToDevStdoutStreamsToStdout() async throws {
        let (dir, link) = try temporaryFile("out.csv")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/stdout")

        let result = try await trips.run(astros + ["--output", link])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(try CSVReference.parse(result.stdout).count == 163)
        #expect(!result.stderr.contains("wrote"), "the games themselves are the answer: \(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/stdout")
    }

    @Test func outputToAPipeStreamsIntoIt() async throws {
        let (dir, fifo) = try temporaryFile("games.csv")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader at the other end of the pipe. Its deadline only bounds a failure: a writer that
        // replaced the pipe would leave it waiting for ever.
        let reader = try WatchedProcess(
            URL(fileURLWithPath: "/usr/bin/python3"),
            ["-c", "import sys; sys.stdout.buffer.write(open(sys.argv[1], 'rb').read())", fifo])

        let result = try await trips.run(astros + ["--output", fifo])
        let text = try reader.blockingExit(within: .seconds(30)).stdout

        #expect(result.status == 0, "\(result.stderr)")
        #expect(try CSVReference.parse(text).count == 163)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a pipe")
    }

    @Test func dashIsStdoutAndNeedsAFormat() async throws {
        let csv = try await trips.run(astros + ["--format", "csv", "--output", "-"])
        let bare = try await trips.run(astros + ["--output", "-"])

        #expect(csv.status == 0)
        #expect(try CSVReference.parse(csv.stdout).count == 163)
        #expect(csv.stderr == "")
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("writing to stdout needs --format"))
    }
}
