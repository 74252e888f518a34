import CloudKitWeb
import Foundation
import TripsModel

/// A canonical record's content as a domain value.
public enum CanonicalEntity: Sendable, Hashable {
    case sport(Sport)
    case leagueStructure(LeagueStructure)
    case stadium(Stadium)
    case team(Team)
    case teamAlias(TeamAlias)
    case stadiumAlias(StadiumAlias)
    case game(Game)

    public var recordType: RecordType {
        switch self {
        case .sport: return .sport
        case .leagueStructure: return .leagueStructure
        case .stadium: return .stadium
        case .team: return .team
        case .teamAlias: return .teamAlias
        case .stadiumAlias: return .stadiumAlias
        case .game: return .game
        }
    }

    public var id: String {
        switch self {
        case .sport(let v): return v.id
        case .leagueStructure(let v): return v.id
        case .stadium(let v): return v.id
        case .team(let v): return v.id
        case .teamAlias(let v): return v.id
        case .stadiumAlias(let v): return v.id
        case .game(let v): return v.id
        }
    }
}

/// One canonical record: the domain value plus the metadata merge rules need.
///
/// This is the single translation between the wire (`Record`) and the model, used by the
/// importer that writes `Data/`, the bundle import and the sync that read it.
public struct CanonicalRecord: Sendable, Hashable {
    public var entity: CanonicalEntity
    public var meta: RecordMetadata

    public init(_ entity: CanonicalEntity, meta: RecordMetadata) {
        self.entity = entity
        self.meta = meta
    }

    public var recordType: RecordType { entity.recordType }
    public var recordName: String { entity.id }

    /// Reads only the metadata (type, tag, modified, schema version, deprecation) of a wire
    /// record — enough to decide a merge before decoding fields a newer schema may have changed.
    public static func metadata(of record: Record) throws(RecordDecodingError) -> (RecordType, RecordMetadata) {
        guard let typeName = record.recordType, let type = RecordType(rawValue: typeName) else {
            throw .unknownRecordType(recordName: record.recordName, type: record.recordType)
        }
        guard let tag = record.recordChangeTag, !tag.isEmpty else {
            throw .missingMetadata(recordName: record.recordName, what: "recordChangeTag")
        }
        guard let modified = record.modified?.timestamp else {
            throw .missingMetadata(recordName: record.recordName, what: "modified.timestamp")
        }
        let f = FieldReader(record: record)
        let meta = RecordMetadata(
            changeTag: tag, modifiedMs: modified,
            schemaVersion: try f.int(RecordField.schemaVersion, default: 1),
            deprecatedAtMs: f.optionalTimestampMs(RecordField.deprecatedAt),
            deprecationReason: f.optionalString(RecordField.deprecationReason))
        return (type, meta)
    }

    /// Decodes a wire record; throws a precise error for anything missing or mistyped.
    public init(record: Record) throws(RecordDecodingError) {
        let (type, meta) = try CanonicalRecord.metadata(of: record)
        self.init(try CanonicalRecord.entity(of: type, from: FieldReader(record: record)), meta: meta)
    }

    /// The wire form, with the server bookkeeping from `meta`.
    public var record: Record {
        var fields = entity.fields
        fields[RecordField.schemaVersion] = .int64(Int64(meta.schemaVersion))
        if let d = meta.deprecatedAtMs { fields[RecordField.deprecatedAt] = .timestamp(d) }
        if let r = meta.deprecationReason { fields[RecordField.deprecationReason] = .string(r) }
        return Record(
            recordName: recordName, recordType: recordType.rawValue, recordChangeTag: meta.changeTag,
            fields: fields, created: RecordStamp(timestamp: meta.modifiedMs),
            modified: RecordStamp(timestamp: meta.modifiedMs))
    }

    private static func entity(of type: RecordType, from f: FieldReader) throws(RecordDecodingError) -> CanonicalEntity {
        let id = f.record.recordName
        switch type {
        case .sport:
            return .sport(
                Sport(
                    id: id, sportId: try f.string("sportId"), abbreviation: try f.string("abbreviation"),
                    displayName: try f.string("displayName"), seasonStartMonth: try f.int("seasonStartMonth"),
                    seasonEndMonth: try f.int("seasonEndMonth"), gameDurationMinutes: try f.int("gameDurationMinutes")))
        case .leagueStructure:
            return .leagueStructure(
                LeagueStructure(
                    id: id, sport: try f.string("sport"), kind: try f.oneOf("kind", LeagueStructure.Kind.self),
                    name: try f.string("name"), abbreviation: f.optionalString("abbreviation") ?? "",
                    parentId: f.optionalString("parentId"), displayOrder: try f.int("displayOrder", default: 0)))
        case .stadium:
            let l = try f.location("location")
            let coordinate = Coordinate(latitude: l.latitude, longitude: l.longitude)
            guard coordinate.isValid else { throw f.invalid("location", "is out of range") }
            let zone = try f.string("timeZone")
            guard TimeZone(identifier: zone) != nil else { throw f.invalid("timeZone", "is not an IANA zone") }
            return .stadium(
                Stadium(
                    id: id, name: try f.string("name"), city: try f.string("city"), state: f.optionalString("state") ?? "",
                    country: f.optionalString("country") ?? "", location: coordinate, timeZone: zone,
                    capacity: f.optionalInt("capacity"), yearOpened: f.optionalInt("yearOpened"),
                    sports: f.stringList("sports"),
                    locationIsApproximate: try f.bool("locationApproximate", default: false)))
        case .team:
            return .team(
                Team(
                    id: id, sport: try f.string("sport"), abbreviation: try f.string("abbreviation"),
                    city: try f.string("city"), nickname: try f.string("nickname"), name: try f.string("name"),
                    stadiumId: f.optionalString("stadiumId"), leagueId: f.optionalString("leagueId"),
                    conferenceId: f.optionalString("conferenceId"), divisionId: f.optionalString("divisionId")))
        case .teamAlias:
            return .teamAlias(
                TeamAlias(
                    id: id, teamId: try f.string("teamId"), kind: try f.oneOf("kind", TeamAlias.Kind.self),
                    value: try f.string("value"), validFrom: f.optionalDate("validFrom"),
                    validUntil: f.optionalDate("validUntil")))
        case .stadiumAlias:
            return .stadiumAlias(
                StadiumAlias(
                    id: id, stadiumId: try f.string("stadiumId"), value: try f.string("value"),
                    validFrom: f.optionalDate("validFrom"), validUntil: f.optionalDate("validUntil")))
        case .game:
            return .game(
                Game(
                    id: id, sport: try f.string("sport"), season: try f.string("season"),
                    startTime: Date(milliseconds: try f.timestampMs("startTime")),
                    timeTBD: try f.bool("timeTBD", default: false), homeTeamId: try f.string("homeTeamId"),
                    awayTeamId: try f.string("awayTeamId"), stadiumId: f.optionalString("stadiumId"),
                    gameNumber: try f.int("gameNumber", default: 1),
                    status: f.record.fields["status"] == nil ? .scheduled : try f.oneOf("status", Game.Status.self),
                    isNeutralSite: try f.bool("isNeutralSite", default: false),
                    seasonType: f.record.fields["seasonType"] == nil
                        ? .regular : try f.oneOf("seasonType", Game.SeasonType.self),
                    resumedAt: f.optionalDate("resumedAt")))
        }
    }
}

/// Field names shared by every canonical record type.
public enum RecordField {
    public static let schemaVersion = "schemaVersion"
    public static let deprecatedAt = "deprecatedAt"
    public static let deprecationReason = "deprecationReason"
}

extension CanonicalEntity {
    /// The record fields of DESIGN §3 (without the common metadata fields).
    public var fields: [String: FieldValue] {
        var f: [String: FieldValue] = [:]
        func put(_ name: String, _ value: String?) { if let value, !value.isEmpty { f[name] = .string(value) } }
        func put(_ name: String, _ value: Int?) { if let value { f[name] = .int64(Int64(value)) } }
        func put(_ name: String, _ value: Date?) { if let value { f[name] = .timestamp(value.milliseconds) } }
        switch self {
        case .sport(let s):
            put("sportId", s.sportId)
            put("abbreviation", s.abbreviation)
            put("displayName", s.displayName)
            put("seasonStartMonth", s.seasonStartMonth)
            put("seasonEndMonth", s.seasonEndMonth)
            put("gameDurationMinutes", s.gameDurationMinutes)
        case .leagueStructure(let l):
            put("sport", l.sport)
            put("kind", l.kind.rawValue)
            put("name", l.name)
            put("abbreviation", l.abbreviation)
            put("parentId", l.parentId)
            put("displayOrder", l.displayOrder)
        case .stadium(let s):
            put("name", s.name)
            put("city", s.city)
            put("state", s.state)
            put("country", s.country)
            f["location"] = .location(Location(latitude: s.location.latitude, longitude: s.location.longitude))
            put("timeZone", s.timeZone)
            put("capacity", s.capacity)
            put("yearOpened", s.yearOpened)
            f["sports"] = .list(.string, s.sports.map(FieldValue.string))
            // Only when set: every other stadium record stays as it was before the field existed.
            if s.locationIsApproximate { put("locationApproximate", 1) }
        case .team(let t):
            put("sport", t.sport)
            put("abbreviation", t.abbreviation)
            put("city", t.city)
            put("nickname", t.nickname)
            put("name", t.name)
            put("stadiumId", t.stadiumId)
            put("leagueId", t.leagueId)
            put("conferenceId", t.conferenceId)
            put("divisionId", t.divisionId)
        case .teamAlias(let a):
            put("teamId", a.teamId)
            put("kind", a.kind.rawValue)
            put("value", a.value)
            put("validFrom", a.validFrom)
            put("validUntil", a.validUntil)
        case .stadiumAlias(let a):
            put("stadiumId", a.stadiumId)
            put("value", a.value)
            put("validFrom", a.validFrom)
            put("validUntil", a.validUntil)
        case .game(let g):
            put("sport", g.sport)
            put("season", g.season)
            put("startTime", g.startTime)
            put("timeTBD", g.timeTBD ? 1 : 0)
            put("homeTeamId", g.homeTeamId)
            put("awayTeamId", g.awayTeamId)
            put("stadiumId", g.stadiumId)
            put("gameNumber", g.gameNumber)
            put("status", g.status.rawValue)
            put("isNeutralSite", g.isNeutralSite ? 1 : 0)
            put("seasonType", g.seasonType.rawValue)
            put("resumedAt", g.resumedAt)
        }
        return f
    }
}
