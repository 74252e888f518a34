import FoundationEssentials
import RecordSchema
import SQLite
import TripsModel
import TripsRecords

/// Where each canonical record type lives in SQLite and how its values map to columns.
/// The column names come from `RecordSchema`; the typed value ↔ column mapping is here.
enum CanonicalTable {
    static func name(_ type: RecordType) -> String {
        switch type {
        case .sport: return "sports"
        case .leagueStructure: return "league_structures"
        case .stadium: return "stadiums"
        case .team: return "teams"
        case .teamAlias: return "team_aliases"
        case .stadiumAlias: return "stadium_aliases"
        case .game: return "games"
        }
    }

    /// Content columns: `id` (the record name), then each field's columns as `RecordSchema`
    /// declares them — the order `values(of:)` produces and the `init(row:)`s read.
    static func columns(_ type: RecordType) -> [String] { contentColumns[type]! }

    private static let contentColumns: [RecordType: [String]] = Dictionary(
        uniqueKeysWithValues: RecordType.allCases.map { ($0, ["id"] + $0.fields.flatMap(\.columns)) })

    /// The server's bookkeeping, then the common fields' columns: the order `values(of:)` appends them.
    static let metaColumns = ["change_tag", "modified_ms"] + CommonFields.all.flatMap(\.columns)

    /// `SELECT <content columns> FROM <table>` — prefix for reads; append WHERE/ORDER.
    static func select(_ type: RecordType, alias: String? = nil) -> String {
        let prefix = alias.map { "\($0)." } ?? ""
        let cols = columns(type).map { prefix + $0 }.joined(separator: ", ")
        return "SELECT \(cols) FROM \(name(type))" + (alias.map { " \($0)" } ?? "")
    }

    /// The one write statement per type (built once: it is on the import and sync hot path).
    static func upsertSQL(_ type: RecordType) -> String { upsertStatements[type]! }

    private static let upsertStatements: [RecordType: String] = Dictionary(
        uniqueKeysWithValues: RecordType.allCases.map { type in
            let all = columns(type) + metaColumns
            let placeholders = Array(repeating: "?", count: all.count).joined(separator: ", ")
            return (
                type, "INSERT OR REPLACE INTO \(name(type)) (\(all.joined(separator: ", "))) VALUES (\(placeholders))"
            )
        })

    /// `SELECT change_tag, modified_ms … WHERE id = ?` per type, built once.
    static func metadataSQL(_ type: RecordType) -> String { metadataStatements[type]! }

    private static let metadataStatements: [RecordType: String] = Dictionary(
        uniqueKeysWithValues: RecordType.allCases.map {
            ($0, "SELECT change_tag, modified_ms FROM \(name($0)) WHERE id = ?")
        })

    static func values(of record: CanonicalRecord) -> [SQLValue] {
        let m = record.meta
        let meta: [SQLValue] = [
            .text(m.changeTag), .int(m.modifiedMs), .int(Int64(m.schemaVersion)), SQLValue(m.deprecatedAtMs),
            SQLValue(m.deprecationReason),
        ]
        return contentValues(record.entity) + meta
    }

    private static func contentValues(_ entity: CanonicalEntity) -> [SQLValue] {
        switch entity {
        case .sport(let s):
            return [
                .text(s.id), .text(s.sportId), .text(s.abbreviation), .text(s.displayName),
                SQLValue(s.seasonStartMonth), SQLValue(s.seasonEndMonth), SQLValue(s.gameDurationMinutes),
            ]
        case .leagueStructure(let l):
            return [
                .text(l.id), .text(l.sport), .text(l.kind.rawValue), .text(l.name), .text(l.abbreviation),
                SQLValue(l.parentId), SQLValue(l.displayOrder),
            ]
        case .stadium(let s):
            return [
                .text(s.id), .text(s.name), .text(s.city), .text(s.state), .text(s.country),
                .double(s.location.latitude), .double(s.location.longitude), .text(s.timeZone), SQLValue(s.capacity),
                SQLValue(s.yearOpened), .text(s.sports.joined(separator: ",")), SQLValue(s.locationIsApproximate),
            ]
        case .team(let t):
            return [
                .text(t.id), .text(t.sport), .text(t.abbreviation), .text(t.city), .text(t.nickname), .text(t.name),
                SQLValue(t.stadiumId), SQLValue(t.leagueId), SQLValue(t.conferenceId), SQLValue(t.divisionId),
            ]
        case .teamAlias(let a):
            return [
                .text(a.id), .text(a.teamId), .text(a.kind.rawValue), .text(a.value),
                SQLValue(a.validFrom?.milliseconds), SQLValue(a.validUntil?.milliseconds),
            ]
        case .stadiumAlias(let a):
            return [
                .text(a.id), .text(a.stadiumId), .text(a.value), SQLValue(a.validFrom?.milliseconds),
                SQLValue(a.validUntil?.milliseconds),
            ]
        case .game(let g):
            return [
                .text(g.id), .text(g.sport), .text(g.season), .int(g.startTime.milliseconds), SQLValue(g.timeTBD),
                .text(g.homeTeamId), .text(g.awayTeamId), SQLValue(g.stadiumId), SQLValue(g.gameNumber),
                .text(g.status.rawValue), SQLValue(g.isNeutralSite), .text(g.seasonType.rawValue),
                SQLValue(g.resumedAt?.milliseconds),
            ]
        }
    }
}

// MARK: - Reading rows back (column order as in `CanonicalTable.columns`)

extension Sport {
    init(row r: Row) {
        self.init(
            id: r.string(0), sportId: r.string(1), abbreviation: r.string(2), displayName: r.string(3),
            seasonStartMonth: r.int(4), seasonEndMonth: r.int(5), gameDurationMinutes: r.int(6))
    }
}

extension LeagueStructure {
    init(row r: Row) {
        self.init(
            id: r.string(0), sport: r.string(1), kind: Kind(rawValue: r.string(2)) ?? .division, name: r.string(3),
            abbreviation: r.string(4), parentId: r.optionalString(5), displayOrder: r.int(6))
    }
}

extension Stadium {
    init(row r: Row) {
        let sports = r.string(10)
        self.init(
            id: r.string(0), name: r.string(1), city: r.string(2), state: r.string(3), country: r.string(4),
            location: Coordinate(latitude: r.double(5), longitude: r.double(6)), timeZone: r.string(7),
            capacity: r.optionalInt(8), yearOpened: r.optionalInt(9),
            sports: sports.isEmpty ? [] : sports.split(separator: ",").map(String.init),
            locationIsApproximate: r.bool(11))
    }
}

extension Team {
    init(row r: Row) {
        self.init(
            id: r.string(0), sport: r.string(1), abbreviation: r.string(2), city: r.string(3), nickname: r.string(4),
            name: r.string(5), stadiumId: r.optionalString(6), leagueId: r.optionalString(7),
            conferenceId: r.optionalString(8), divisionId: r.optionalString(9))
    }
}

extension TeamAlias {
    init(row r: Row) {
        self.init(
            id: r.string(0), teamId: r.string(1), kind: Kind(rawValue: r.string(2)) ?? .name, value: r.string(3),
            validFrom: r.optionalInt64(4).map(Date.init(milliseconds:)),
            validUntil: r.optionalInt64(5).map(Date.init(milliseconds:)))
    }
}

extension StadiumAlias {
    init(row r: Row) {
        self.init(
            id: r.string(0), stadiumId: r.string(1), value: r.string(2),
            validFrom: r.optionalInt64(3).map(Date.init(milliseconds:)),
            validUntil: r.optionalInt64(4).map(Date.init(milliseconds:)))
    }
}

extension Game {
    init(row r: Row) {
        self.init(
            id: r.string(0), sport: r.string(1), season: r.string(2), startTime: Date(milliseconds: r.int64(3)),
            timeTBD: r.bool(4), homeTeamId: r.string(5), awayTeamId: r.string(6), stadiumId: r.optionalString(7),
            gameNumber: r.int(8), status: Status(rawValue: r.string(9)) ?? .scheduled, isNeutralSite: r.bool(10),
            seasonType: SeasonType(rawValue: r.string(11)) ?? .regular,
            resumedAt: r.optionalInt64(12).map(Date.init(milliseconds:)))
    }
}
