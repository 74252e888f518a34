import CalendarText
import CloudKitWeb
import Digest
import Foundation
import HTTPServer
import RecordSchema
import SQLite

/// Subscribable calendars over the development environment's public records (issue 27 item 2):
/// `GET /calendars/{sport}/{team}.ics` (the team's abbreviation, any case) and
/// `GET /calendars/{sport}/{season}.ics`. No token: the public database is public. Events are
/// written by `CalendarText` as `trips export` writes them — UID the game's record name,
/// SEQUENCE and LAST-MODIFIED from the record's modification time — with DTSTART in UTC (the
/// server has no zone rules of its own). The body depends only on the records, so its ETag is
/// a hash of it; Last-Modified is the latest write to a record of its types (`newestChange`:
/// a deprecated or deleted game changes the calendar too); `If-None-Match` and
/// `If-Modified-Since` are answered with 304. Results go in DESCRIPTION; `?scores=off` (what
/// `trips export --subscribe --no-scores` prints) leaves them out.
extension CloudService {
    /// The answer to a `/calendars/…` request.
    func calendar(_ request: ServerRequest) -> ServerResponse {
        guard request.method == "GET" else {
            return .text(405, "use GET for \(request.path)\n")
        }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[1] == "calendars", parts[3].lowercased().hasSuffix(".ics"),
            let sport = parts[2].removingPercentEncoding?.lowercased(), !sport.isEmpty,
            let subject = String(parts[3].dropLast(4)).removingPercentEncoding, !subject.isEmpty
        else {
            return .text(
                404, "no calendar at \(request.path): use /calendars/SPORT/TEAM.ics or /calendars/SPORT/SEASON.ics\n")
        }
        let scores = request.query["scores"]?.lowercased() ?? "on"
        guard scores == "on" || scores == "off" else {
            return .text(400, "scores=\(scores) is not understood: use scores=on or scores=off\n")
        }
        let feed: CalendarFeed
        do {
            feed = try withStore {
                try CalendarFeed.read(from: $0, sport: sport, subject: subject, showScores: scores == "on")
            }
        } catch let missing as CalendarFeed.NotFound {
            return .text(404, missing.message + "\n")
        } catch {
            FileHandle.standardError.write(Data("calendar \(request.path): \(error)\n".utf8))
            return .text(500, "the calendar could not be read (see the server log)\n")
        }
        let body = Data(feed.text.utf8)
        let etag = "\"" + String(SHA256.hex(feed.text).prefix(32)) + "\""
        let lastModified = HTTPDate.string(ms: feed.lastModifiedMs)
        var response = ServerResponse(status: 200, contentType: "text/calendar; charset=utf-8", body: body)
        if CalendarFeed.notModified(request, etag: etag, lastModifiedMs: feed.lastModifiedMs) {
            response = ServerResponse(status: 304, contentType: "text/calendar; charset=utf-8", body: Data())
        }
        response.headers = [
            ("ETag", etag), ("Last-Modified", lastModified), ("Cache-Control", "max-age=3600"),
        ]
        return response
    }
}

/// One calendar read from the public records.
struct CalendarFeed {
    struct NotFound: Error { var message: String }

    var text: String
    /// The newest modification among the records the calendar was made from (its Last-Modified).
    var lastModifiedMs: Int64

    private struct Row {
        var name: String
        var modifiedMs: Int64
        var fields: [String: FieldValue]

        func string(_ spec: FieldSpec) -> String? { fields[spec.name]?.stringValue }
        func int(_ spec: FieldSpec) -> Int64? { fields[spec.name]?.int64Value }
        var live: Bool { fields[CommonFields.deprecatedAt.name] == nil }
    }

    /// Live public records (development) of `type`, narrowed in SQL: each condition holds when
    /// one of its STRING fields has the value (any letter case).
    private static func rows(_ store: CloudStore, type: String, where conditions: [([FieldSpec], String)] = [])
        throws -> [Row]
    {
        var sql = """
            SELECT name, modified_ms, fields FROM records
            WHERE owner = ? AND zone = ? AND type = ? AND deleted = 0 AND deprecated = 0
            """
        var binds: [SQLValue] = [.int(CloudStore.publicOwner), .text(ZoneID.defaultZone.zoneName), .text(type)]
        for (fields, value) in conditions {
            sql += " AND (" + fields.map { _ in "lower(json_extract(fields, ?)) = ?" }.joined(separator: " OR ") + ")"
            for field in fields { binds += [.text("$.\(field.name).value"), .text(value.lowercased())] }
        }
        let raw = try store.db.rows(sql, binds) { ($0.string(0), $0.int64(1), $0.string(2)) }
        return raw.compactMap { name, modified, json in
            guard let fields = try? JSONDecoder().decode([String: FieldValue].self, from: Data(json.utf8)) else {
                return nil
            }
            let row = Row(name: name, modifiedMs: modified, fields: fields)
            return row.live ? row : nil
        }
    }

    static func read(from store: CloudStore, sport: String, subject: String, showScores: Bool = true) throws
        -> CalendarFeed
    {
        guard
            let sportRow = try rows(store, type: SportFields.recordType, where: [([SportFields.sportId], sport)])
                .first
        else { throw NotFound(message: "no sport \(sport)") }
        let league = sportRow.string(SportFields.abbreviation) ?? sport.uppercased()
        let durationMinutes = sportRow.int(SportFields.gameDurationMinutes) ?? 180
        let teams = try rows(store, type: TeamFields.recordType, where: [([TeamFields.sport], sport)])
        let teamByID = Dictionary(teams.map { ($0.name, $0) }) { a, _ in a }
        let ofSport = ([GameFields.sport], sport)
        var games: [Row]
        let name: String
        if subject.first?.isNumber == true {
            games = try rows(store, type: GameFields.recordType, where: [ofSport, ([GameFields.season], subject)])
            guard !games.isEmpty else { throw NotFound(message: "no \(league) games in season \(subject)") }
            name = CalendarText.calendarName(league: league, season: subject)
        } else {
            guard
                let team = teams.first(where: {
                    $0.string(TeamFields.abbreviation)?.lowercased() == subject.lowercased()
                })
            else { throw NotFound(message: "no team \(subject.uppercased()) in \(league)") }
            games = try rows(
                store, type: GameFields.recordType,
                where: [ofSport, ([GameFields.homeTeamId, GameFields.awayTeamId], team.name)])
            // The team's latest season: a subscription rolls over to the next when it is published.
            let season = games.compactMap { $0.string(GameFields.season) }.max()
            if let season { games = games.filter { $0.string(GameFields.season) == season } }
            name = CalendarText.calendarName(
                team: team.string(TeamFields.name) ?? team.string(TeamFields.abbreviation), season: season)
        }
        let stadiumIDs = Set(games.compactMap { $0.string(GameFields.stadiumId) })
        let stadiums = try rows(store, type: StadiumFields.recordType).filter { stadiumIDs.contains($0.name) }
        let stadiumByID = Dictionary(stadiums.map { ($0.name, $0) }) { a, _ in a }
        games.sort {
            ($0.int(GameFields.startTime) ?? 0, $0.int(GameFields.gameNumber) ?? 1, $0.name)
                < ($1.int(GameFields.startTime) ?? 0, $1.int(GameFields.gameNumber) ?? 1, $1.name)
        }
        var lines = CalendarText.header(name: name, productID: "-//trips//trips-cloud//EN")
        for game in games {
            let start = game.int(GameFields.startTime) ?? 0
            let home = game.string(GameFields.homeTeamId).flatMap { teamByID[$0] }
            let away = game.string(GameFields.awayTeamId).flatMap { teamByID[$0] }
            let code = { (team: Row?, id: String?) in
                team?.string(TeamFields.abbreviation) ?? id ?? "?"
            }
            let status = game.string(GameFields.status) ?? "scheduled"
            var location = "Venue to be confirmed"
            var geo: String?
            if let stadium = game.string(GameFields.stadiumId).flatMap({ stadiumByID[$0] }) {
                location = [
                    stadium.string(StadiumFields.name), stadium.string(StadiumFields.city),
                    stadium.string(StadiumFields.state),
                ].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
                if let point = stadium.fields[StadiumFields.location.name]?.locationValue {
                    geo = String(format: "%.6f;%.6f", point.latitude, point.longitude)
                }
            }
            let tbd = (game.int(GameFields.timeTBD) ?? 0) != 0
            var startTime: CalendarEvent.Time = .utc(ms: start)
            var endTime: CalendarEvent.Time = .utc(ms: start + durationMinutes * 60_000)
            if tbd {
                // No time yet: the venue-local day, all day, as `trips export` writes it.
                let zone = game.string(GameFields.stadiumId).flatMap { stadiumByID[$0]?.string(StadiumFields.timeZone) }
                (startTime, endTime) = allDay(ms: start, zone: zone)
            }
            var description =
                "\(away?.string(TeamFields.name) ?? code(away, game.string(GameFields.awayTeamId))) at "
                + "\(home?.string(TeamFields.name) ?? code(home, game.string(GameFields.homeTeamId))) · \(league) "
                + (game.string(GameFields.season) ?? "")
            if tbd { description += " · start time to be determined" }
            if status == "postponed" { description += " · postponed" }
            if showScores, let homeScore = game.int(GameFields.homeScore),
                let awayScore = game.int(GameFields.awayScore)
            {
                description +=
                    " · "
                    + CalendarText.result(
                        away: code(away, game.string(GameFields.awayTeamId)),
                        home: code(home, game.string(GameFields.homeTeamId)), awayScore: Int(awayScore),
                        homeScore: Int(homeScore), over: status == "final" || status == "completedEarly")
            }
            let event = CalendarEvent(
                uid: game.name, modifiedMs: game.modifiedMs, start: startTime, end: endTime,
                summary: CalendarEvent.summary(
                    away: code(away, game.string(GameFields.awayTeamId)),
                    home: code(home, game.string(GameFields.homeTeamId)),
                    gameNumber: Int(game.int(GameFields.gameNumber) ?? 1)),
                location: location, geo: geo, description: description,
                status: CalendarEvent.Status(gameStatus: status), categories: league)
            lines += event.lines(utc: HTTPDate.calendarStamp(ms:))
        }
        lines.append("END:VCALENDAR")
        return CalendarFeed(text: CalendarText.document(lines), lastModifiedMs: try newestChange(store))
    }

    /// The latest write to any record a calendar is made from — deletions and deprecations
    /// included, which leave no row in the calendar but change it — from the modification index
    /// (one step per type). Coarser than the calendar (any game's change moves it), never too old.
    static func newestChange(_ store: CloudStore) throws -> Int64 {
        try [SportFields.recordType, TeamFields.recordType, StadiumFields.recordType, GameFields.recordType].map {
            type in
            try store.db.row(
                "SELECT max(modified_ms) FROM records WHERE owner = ? AND zone = ? AND type = ?",
                [.int(CloudStore.publicOwner), .text(ZoneID.defaultZone.zoneName), .text(type)]
            ) { $0.isNull(0) ? 0 : $0.int64(0) } ?? 0
        }.max() ?? 0
    }

    /// The local day of `ms` in `zone` (UTC when unknown) and the next, as DATE values.
    static func allDay(ms: Int64, zone: String?) -> (CalendarEvent.Time, CalendarEvent.Time) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
        let day = calendar.startOfDay(for: Date(timeIntervalSince1970: Double(ms) / 1000))
        let next = calendar.date(byAdding: .day, value: 1, to: day) ?? day
        func text(_ date: Date) -> String {
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            return CalendarText.date(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1)
        }
        return (.date(text(day)), .date(text(next)))
    }

    /// RFC 9110 §13.1: If-None-Match wins over If-Modified-Since.
    static func notModified(_ request: ServerRequest, etag: String, lastModifiedMs: Int64) -> Bool {
        if let match = request.headers["if-none-match"] {
            return match.split(separator: ",").contains {
                let tag = $0.trimmingCharacters(in: .whitespaces)
                return tag == "*" || tag == etag || tag == "W/" + etag
            }
        }
        if let since = request.headers["if-modified-since"], let sinceMs = HTTPDate.parse(since) {
            return lastModifiedMs / 1000 <= sinceMs / 1000
        }
        return false
    }
}

/// IMF-fixdate (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`; and iCalendar's UTC stamps.
enum HTTPDate {
    private static func makeFormatter(_ format: String) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = format
        return f
    }
    private static let formatter = makeFormatter("EEE, dd MMM yyyy HH:mm:ss 'GMT'")
    private static let stampFormatter = makeFormatter("yyyyMMdd'T'HHmmss'Z'")
    private static let lock = NSLock()

    /// An iCalendar UTC DATE-TIME, `20260327T191500Z`.
    static func calendarStamp(ms: Int64) -> String {
        lock.withLock { stampFormatter.string(from: Date(timeIntervalSince1970: Double(ms / 1000))) }
    }

    static func string(ms: Int64) -> String {
        lock.withLock { formatter.string(from: Date(timeIntervalSince1970: Double(ms / 1000))) }
    }

    static func parse(_ text: String) -> Int64? {
        lock.withLock { formatter.date(from: text.trimmingCharacters(in: .whitespaces)) }.map {
            Int64($0.timeIntervalSince1970) * 1000
        }
    }
}
