import CloudKitClient
import CloudKitWeb
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `GET /calendars/{sport}/{team|season}.ics` from a real `trips-cloud`: conditional requests,
/// and an event that moves (same UID, new DTSTART, higher SEQUENCE) after `admin postpone`.
@Suite struct CalendarFeedTests {
    /// Sport, two teams, a venue and three Astros games (modified at `FixtureBundle.seededMs`).
    /// `played`: the second game is final, NYY 5 HOU 3.
    static func fixture(played: Bool = false) throws -> FixtureBundle {
        let seeded = RecordStamp(timestamp: FixtureBundle.seededMs)
        func record(_ name: String, _ type: String, _ fields: [String: FieldValue]) -> Record {
            Record(
                recordName: name, recordType: type, recordChangeTag: "seed-\(name)",
                fields: fields.merging(["schemaVersion": .int64(1)]) { a, _ in a }, created: seeded, modified: seeded)
        }
        var records = [
            record(
                "sport_mlb", "Sport",
                [
                    "sportId": .string("mlb"), "abbreviation": .string("MLB"),
                    "displayName": .string("Major League Baseball"), "seasonStartMonth": .int64(3),
                    "seasonEndMonth": .int64(10), "gameDurationMinutes": .int64(180),
                ]),
            record(
                "stadium_daikin_park", "Stadium",
                [
                    "name": .string("Daikin Park"), "city": .string("Houston"), "state": .string("TX"),
                    "timeZone": .string("America/Chicago"), "sports": .list(.string, [.string("mlb")]),
                    "location": .location(Location(latitude: 29.757, longitude: -95.3555)),
                ]),
        ]
        for (id, code, city, nickname) in [
            ("team_mlb_hou", "HOU", "Houston", "Astros"), ("team_mlb_nyy", "NYY", "New York", "Yankees"),
        ] {
            records.append(
                record(
                    id, "Team",
                    [
                        "sport": .string("mlb"), "abbreviation": .string(code), "city": .string(city),
                        "nickname": .string(nickname), "name": .string("\(city) \(nickname)"),
                    ]))
        }
        for i in 0..<3 {
            records.append(
                record(
                    "game_mlb_2026_cal_\(i)", "Game",
                    [
                        "sport": .string("mlb"), "season": .string("2026"), "homeTeamId": .string("team_mlb_hou"),
                        "awayTeamId": .string("team_mlb_nyy"), "stadiumId": .string("stadium_daikin_park"),
                        "startTime": .timestamp(1_774_656_900_000 + Int64(i) * 86_400_000),
                        "status": .string(i == 2 ? "cancelled" : played && i == 1 ? "final" : "scheduled"),
                        "gameNumber": .int64(1), "timeTBD": .int64(i == 0 ? 1 : 0),
                    ].merging(played && i == 1 ? ["awayScore": .int64(5), "homeScore": .int64(3)] : [:]) { a, _ in a }))
        }
        return try FixtureBundle.write(records)
    }

    struct Fetched {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    static func fetch(_ url: URL, headers: [String: String] = [:]) async throws -> Fetched {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url, timeoutInterval: 30)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Fetched(status: http.statusCode, headers: fields, body: String(decoding: data, as: UTF8.self))
    }

    struct Event: Decodable {
        var uid, start, summary, status, location, description: String
        var sequence: Int
    }

    /// X-WR-CALNAME, X-PUBLISHED-TTL and the events.
    struct Parsed: Decodable { var name, refresh: String, events: [Event] }

    /// The calendar as Python's `icalendar` reads it.
    static func parse(_ text: String) async throws -> Parsed {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID().uuidString).ics")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let code = """
            import icalendar, json, sys
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            out = {'name': str(cal['X-WR-CALNAME']), 'refresh': str(cal['X-PUBLISHED-TTL']), 'events': []}
            for e in cal.walk('VEVENT'):
                out['events'].append({'uid': str(e['UID']), 'start': e.decoded('DTSTART').isoformat(),
                    'sequence': int(e['SEQUENCE']), 'summary': str(e['SUMMARY']), 'status': str(e['STATUS']),
                    'location': str(e['LOCATION']), 'description': str(e.get('DESCRIPTION', ''))})
            print(json.dumps(out))
            """
        let result = try await WatchedProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", code, file.path])
            .exit(within: .seconds(60))
        #expect(result.status == 0, "icalendar could not read the calendar: \(result.stderr)")
        return try JSONDecoder().decode(Parsed.self, from: Data(result.stdout.utf8))
    }

    @Test func aSubscribedCalendarAnswers304AndMovesAPostponedGame() async throws {
        let server = try await TestServer.start(fixture: try Self.fixture())
        defer { server.close() }
        let url = server.process.url.appendingPathComponent("calendars/mlb/hou.ics")
        let first = try await Self.fetch(url)
        #expect(first.status == 200, "\(first.body)")
        #expect(first.headers["content-type"]?.hasPrefix("text/calendar") == true)
        let etag = try #require(first.headers["etag"])
        let lastModified = try #require(first.headers["last-modified"])
        let before = try await Self.parse(first.body)
        #expect(before.name == "Houston Astros 2026")
        #expect(before.refresh == "PT6H")
        #expect(before.events.map(\.uid) == ["game_mlb_2026_cal_0", "game_mlb_2026_cal_1", "game_mlb_2026_cal_2"])
        #expect(before.events.first?.summary == "NYY @ HOU")
        #expect(before.events.first?.start == "2026-03-27", "a game without a time: its venue-local day")
        #expect(before.events.dropFirst().first?.start == "2026-03-29T00:15:00+00:00")
        #expect(before.events.first?.location == "Daikin Park, Houston, TX")
        #expect(before.events.map(\.status) == ["CONFIRMED", "CONFIRMED", "CANCELLED"])
        #expect(first.body.contains("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n"))
        #expect(first.body.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })

        let again = try await Self.fetch(url, headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.headers["etag"] == etag)
        let since = try await Self.fetch(url, headers: ["If-Modified-Since": lastModified])
        #expect(since.status == 304)
        let upperCase = try await Self.fetch(server.process.url.appendingPathComponent("calendars/mlb/HOU.ics"))
        #expect(upperCase.body == first.body, "the team's abbreviation in any case")

        let postponed = try await server.admin(["postpone", "game_mlb_2026_cal_1", "--to", "2026-07-04T23:05:00Z"])
        #expect(postponed.status == 0, "\(postponed.stderr)")
        let moved = try await Self.fetch(url, headers: ["If-None-Match": etag])
        #expect(moved.status == 200)
        #expect(moved.headers["etag"] != etag)
        let after = try await Self.parse(moved.body)
        let old = try #require(before.events.first { $0.uid == "game_mlb_2026_cal_1" })
        let new = try #require(after.events.first { $0.uid == "game_mlb_2026_cal_1" })
        #expect(after.events.count == 3, "moved, not duplicated")
        #expect(new.start == "2026-07-04T23:05:00+00:00")
        #expect(new.start != old.start)
        #expect(new.sequence > old.sequence)
        let untouched = try #require(after.events.first { $0.uid == "game_mlb_2026_cal_0" })
        #expect(untouched.sequence == before.events[0].sequence)
    }

    /// A result goes in DESCRIPTION, SUMMARY staying the matchup; `?scores=off` (what `trips
    /// export --subscribe --no-scores` prints) leaves it out, under an ETag of its own.
    @Test func aSubscribedCalendarCarriesResultsUnlessAskedNotTo() async throws {
        let server = try await TestServer.start(fixture: try Self.fixture(played: true))
        defer { server.close() }
        let url = server.process.url.appendingPathComponent("calendars/mlb/hou.ics")
        let shown = try await Self.fetch(url)
        let events = try await Self.parse(shown.body).events
        let played = try #require(events.first { $0.uid == "game_mlb_2026_cal_1" })
        #expect(played.summary == "NYY @ HOU")
        #expect(played.description.contains("final: NYY 5, HOU 3"), "\(played.description)")
        #expect(events.filter { $0.description.contains("final") }.count == 1, "only the game played")
        var hiddenURL = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        hiddenURL.queryItems = [URLQueryItem(name: "scores", value: "off")]
        let hidden = try await Self.fetch(try #require(hiddenURL.url))
        #expect(hidden.status == 200)
        let quiet = try await Self.parse(hidden.body).events
        #expect(quiet.map(\.uid) == events.map(\.uid) && quiet.map(\.summary) == events.map(\.summary))
        #expect(quiet.allSatisfy { !$0.description.contains("final") && !$0.description.contains("5") })
        #expect(hidden.headers["etag"] != shown.headers["etag"])
        hiddenURL.queryItems = [URLQueryItem(name: "scores", value: "maybe")]
        let bad = try await Self.fetch(try #require(hiddenURL.url))
        #expect(bad.status == 400 && bad.body.contains("scores=off"))
    }

    @Test func aGameTakenAwayChangesLastModifiedToo() async throws {
        let server = try await TestServer.start(fixture: try Self.fixture())
        defer { server.close() }
        let url = server.process.url.appendingPathComponent("calendars/mlb/HOU.ics")
        let first = try await Self.fetch(url)
        let lastModified = try #require(first.headers["last-modified"])
        let deprecation = try await server.database(publisher: true).modify([
            RecordOperation(
                .forceUpdate,
                Record(
                    recordName: "game_mlb_2026_cal_1", recordType: "Game",
                    fields: ["deprecatedAt": .timestamp(1_780_000_000_000)]))
        ])
        #expect(deprecation.allSatisfy { $0.error == nil })
        let after = try await Self.fetch(url, headers: ["If-Modified-Since": lastModified])
        #expect(after.status == 200, "a deprecated game leaves the calendar, so it was modified")
        #expect(after.headers["last-modified"] != lastModified)
        let parsed = try await Self.parse(after.body)
        #expect(parsed.events.map(\.uid) == ["game_mlb_2026_cal_0", "game_mlb_2026_cal_2"])
    }

    @Test func aSeasonCalendarAndWhatIsNotFound() async throws {
        let server = try await TestServer.start(fixture: try Self.fixture())
        defer { server.close() }
        let season = try await Self.fetch(server.process.url.appendingPathComponent("calendars/mlb/2026.ics"))
        #expect(season.status == 200)
        let parsed = try await Self.parse(season.body)
        #expect(parsed.name == "MLB 2026")
        #expect(parsed.events.count == 3)
        let team = try await Self.fetch(server.process.url.appendingPathComponent("calendars/mlb/xyz.ics"))
        #expect(team.status == 404)
        #expect(team.body == "no team XYZ in MLB\n")
        let sport = try await Self.fetch(server.process.url.appendingPathComponent("calendars/xfl/hou.ics"))
        #expect(sport.status == 404)
        #expect(sport.body == "no sport xfl\n")
        let noSeason = try await Self.fetch(server.process.url.appendingPathComponent("calendars/mlb/1999.ics"))
        #expect(noSeason.status == 404)
        #expect(noSeason.body.contains("1999"))
    }
}
