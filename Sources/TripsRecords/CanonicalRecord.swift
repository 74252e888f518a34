import CloudKitWeb
import FoundationEssentials
import RecordSchema
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
        return (type, try WireFieldReader(record: record).metadata(changeTag: tag, modifiedMs: modified))
    }

    /// Decodes a wire record; throws a precise error for anything missing, mistyped or invalid.
    public init(record: Record) throws(RecordDecodingError) {
        let (type, meta) = try CanonicalRecord.metadata(of: record)
        var fields = WireFieldReader(record: record)
        let entity = try CanonicalEntity(type, id: record.recordName, reading: &fields)
        try entity.validate()
        self.init(entity, meta: meta)
    }

    /// The wire form, with the server bookkeeping from `meta`.
    public var record: Record {
        var writer = WireFieldWriter()
        entity.write(to: &writer)
        writer.put(meta)
        return Record(
            recordName: recordName, recordType: recordType.rawValue, recordChangeTag: meta.changeTag,
            fields: writer.fields, created: RecordStamp(timestamp: meta.modifiedMs),
            modified: RecordStamp(timestamp: meta.modifiedMs))
    }
}

extension CanonicalEntity {
    /// Reads a value of `type` through its codec.
    @inlinable public init(_ type: RecordType, id: String, reading fields: inout some FieldSource)
        throws(RecordDecodingError)
    {
        switch type {
        case .sport: self = .sport(try Sport(id: id, reading: &fields))
        case .leagueStructure: self = .leagueStructure(try LeagueStructure(id: id, reading: &fields))
        case .stadium: self = .stadium(try Stadium(id: id, reading: &fields))
        case .team: self = .team(try Team(id: id, reading: &fields))
        case .teamAlias: self = .teamAlias(try TeamAlias(id: id, reading: &fields))
        case .stadiumAlias: self = .stadiumAlias(try StadiumAlias(id: id, reading: &fields))
        case .game: self = .game(try Game(id: id, reading: &fields))
        }
    }

    /// Writes the value through its codec (a switch, not an existential: this is on the import
    /// and sync hot path, and boxing a `Game` allocates).
    @inlinable public func write(to fields: inout some FieldSink) {
        switch self {
        case .sport(let v): v.write(to: &fields)
        case .leagueStructure(let v): v.write(to: &fields)
        case .stadium(let v): v.write(to: &fields)
        case .team(let v): v.write(to: &fields)
        case .teamAlias(let v): v.write(to: &fields)
        case .stadiumAlias(let v): v.write(to: &fields)
        case .game(let v): v.write(to: &fields)
        }
    }

    func validate() throws(RecordDecodingError) {
        switch self {
        case .stadium(let v): try v.validate()
        default: break
        }
    }

    /// The record fields of DESIGN §3 (without the common metadata fields). Absent values
    /// (nil, "") are omitted; `.defaulted` fields are always written.
    public var fields: [String: FieldValue] {
        var writer = WireFieldWriter()
        write(to: &writer)
        return writer.fields
    }
}
