import CloudKitWeb
import FoundationEssentials
import RecordSchema
import TripsModel
import TripsZones

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
            schemaVersion: try f.int(CommonFields.schemaVersion),
            deprecatedAtMs: f.optionalTimestampMs(CommonFields.deprecatedAt),
            deprecationReason: f.optionalString(CommonFields.deprecationReason))
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
        fields[CommonFields.schemaVersion.name] = .int64(Int64(meta.schemaVersion))
        if let d = meta.deprecatedAtMs { fields[CommonFields.deprecatedAt.name] = .timestamp(d) }
        if let r = meta.deprecationReason { fields[CommonFields.deprecationReason.name] = .string(r) }
        return Record(
            recordName: recordName, recordType: recordType.rawValue, recordChangeTag: meta.changeTag,
            fields: fields, created: RecordStamp(timestamp: meta.modifiedMs),
            modified: RecordStamp(timestamp: meta.modifiedMs))
    }

    private static func entity(of type: RecordType, from f: FieldReader) throws(RecordDecodingError) -> CanonicalEntity
    {
        let id = f.record.recordName
        switch type {
        case .sport:
            typealias F = SportFields
            return .sport(
                Sport(
                    id: id, sportId: try f.string(F.sportId), abbreviation: try f.string(F.abbreviation),
                    displayName: try f.string(F.displayName), seasonStartMonth: try f.int(F.seasonStartMonth),
                    seasonEndMonth: try f.int(F.seasonEndMonth), gameDurationMinutes: try f.int(F.gameDurationMinutes)))
        case .leagueStructure:
            typealias F = LeagueStructureFields
            return .leagueStructure(
                LeagueStructure(
                    id: id, sport: try f.string(F.sport), kind: try f.oneOf(F.kind, LeagueStructure.Kind.self),
                    name: try f.string(F.name), abbreviation: f.optionalString(F.abbreviation) ?? "",
                    parentId: f.optionalString(F.parentId), displayOrder: try f.int(F.displayOrder)))
        case .stadium:
            typealias F = StadiumFields
            let l = try f.location(F.location)
            let coordinate = Coordinate(latitude: l.latitude, longitude: l.longitude)
            guard coordinate.isValid else { throw f.invalid(F.location, "is out of range") }
            let zone = try f.string(F.timeZone)
            guard ZoneDatabase.system.zone(zone) != nil else { throw f.invalid(F.timeZone, "is not an IANA zone") }
            return .stadium(
                Stadium(
                    id: id, name: try f.string(F.name), city: try f.string(F.city),
                    state: f.optionalString(F.state) ?? "", country: f.optionalString(F.country) ?? "",
                    location: coordinate, timeZone: zone, capacity: f.optionalInt(F.capacity),
                    yearOpened: f.optionalInt(F.yearOpened), sports: f.stringList(F.sports),
                    locationIsApproximate: try f.bool(F.locationApproximate)))
        case .team:
            typealias F = TeamFields
            return .team(
                Team(
                    id: id, sport: try f.string(F.sport), abbreviation: try f.string(F.abbreviation),
                    city: try f.string(F.city), nickname: try f.string(F.nickname), name: try f.string(F.name),
                    stadiumId: f.optionalString(F.stadiumId), leagueId: f.optionalString(F.leagueId),
                    conferenceId: f.optionalString(F.conferenceId), divisionId: f.optionalString(F.divisionId)))
        case .teamAlias:
            typealias F = TeamAliasFields
            return .teamAlias(
                TeamAlias(
                    id: id, teamId: try f.string(F.teamId), kind: try f.oneOf(F.kind, TeamAlias.Kind.self),
                    value: try f.string(F.value), validFrom: f.optionalDate(F.validFrom),
                    validUntil: f.optionalDate(F.validUntil)))
        case .stadiumAlias:
            typealias F = StadiumAliasFields
            return .stadiumAlias(
                StadiumAlias(
                    id: id, stadiumId: try f.string(F.stadiumId), value: try f.string(F.value),
                    validFrom: f.optionalDate(F.validFrom), validUntil: f.optionalDate(F.validUntil)))
        case .game:
            typealias F = GameFields
            return .game(
                Game(
                    id: id, sport: try f.string(F.sport), season: try f.string(F.season),
                    startTime: Date(milliseconds: try f.timestampMs(F.startTime)), timeTBD: try f.bool(F.timeTBD),
                    homeTeamId: try f.string(F.homeTeamId), awayTeamId: try f.string(F.awayTeamId),
                    stadiumId: f.optionalString(F.stadiumId), gameNumber: try f.int(F.gameNumber),
                    status: try f.oneOf(F.status, Game.Status.self), isNeutralSite: try f.bool(F.isNeutralSite),
                    seasonType: try f.oneOf(F.seasonType, Game.SeasonType.self),
                    resumedAt: f.optionalDate(F.resumedAt)))
        }
    }
}

extension CanonicalEntity {
    /// The record fields of DESIGN §3 (without the common metadata fields). Absent values
    /// (nil, "") are omitted; `.defaulted` fields are always written.
    public var fields: [String: FieldValue] {
        var f: [String: FieldValue] = [:]
        func put(_ field: FieldSpec, _ value: String?) {
            if let value, !value.isEmpty { f[field.name] = .string(value) }
        }
        func put(_ field: FieldSpec, _ value: Int?) { if let value { f[field.name] = .int64(Int64(value)) } }
        func put(_ field: FieldSpec, _ value: Bool) { f[field.name] = .int64(value ? 1 : 0) }
        func put(_ field: FieldSpec, _ value: Date?) { if let value { f[field.name] = .timestamp(value.milliseconds) } }
        switch self {
        case .sport(let s):
            typealias F = SportFields
            put(F.sportId, s.sportId)
            put(F.abbreviation, s.abbreviation)
            put(F.displayName, s.displayName)
            put(F.seasonStartMonth, s.seasonStartMonth)
            put(F.seasonEndMonth, s.seasonEndMonth)
            put(F.gameDurationMinutes, s.gameDurationMinutes)
        case .leagueStructure(let l):
            typealias F = LeagueStructureFields
            put(F.sport, l.sport)
            put(F.kind, l.kind.rawValue)
            put(F.name, l.name)
            put(F.abbreviation, l.abbreviation)
            put(F.parentId, l.parentId)
            put(F.displayOrder, l.displayOrder)
        case .stadium(let s):
            typealias F = StadiumFields
            put(F.name, s.name)
            put(F.city, s.city)
            put(F.state, s.state)
            put(F.country, s.country)
            f[F.location.name] = .location(Location(latitude: s.location.latitude, longitude: s.location.longitude))
            put(F.timeZone, s.timeZone)
            put(F.capacity, s.capacity)
            put(F.yearOpened, s.yearOpened)
            f[F.sports.name] = .list(.string, s.sports.map(FieldValue.string))
            if s.locationIsApproximate { put(F.locationApproximate, true) }
        case .team(let t):
            typealias F = TeamFields
            put(F.sport, t.sport)
            put(F.abbreviation, t.abbreviation)
            put(F.city, t.city)
            put(F.nickname, t.nickname)
            put(F.name, t.name)
            put(F.stadiumId, t.stadiumId)
            put(F.leagueId, t.leagueId)
            put(F.conferenceId, t.conferenceId)
            put(F.divisionId, t.divisionId)
        case .teamAlias(let a):
            typealias F = TeamAliasFields
            put(F.teamId, a.teamId)
            put(F.kind, a.kind.rawValue)
            put(F.value, a.value)
            put(F.validFrom, a.validFrom)
            put(F.validUntil, a.validUntil)
        case .stadiumAlias(let a):
            typealias F = StadiumAliasFields
            put(F.stadiumId, a.stadiumId)
            put(F.value, a.value)
            put(F.validFrom, a.validFrom)
            put(F.validUntil, a.validUntil)
        case .game(let g):
            typealias F = GameFields
            put(F.sport, g.sport)
            put(F.season, g.season)
            put(F.startTime, g.startTime)
            put(F.timeTBD, g.timeTBD)
            put(F.homeTeamId, g.homeTeamId)
            put(F.awayTeamId, g.awayTeamId)
            put(F.stadiumId, g.stadiumId)
            put(F.gameNumber, g.gameNumber)
            put(F.status, g.status.rawValue)
            put(F.isNeutralSite, g.isNeutralSite)
            put(F.seasonType, g.seasonType.rawValue)
            put(F.resumedAt, g.resumedAt)
        }
        return f
    }
}
