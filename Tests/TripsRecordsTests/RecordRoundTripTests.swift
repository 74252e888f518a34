import CloudKitWeb
import RecordSchema
import Testing
import TripsModel
import TripsRecords

@testable import TripsStore

/// Every record type survives wire → model → SQLite → model → wire unchanged, with each
/// optional field present and absent — the guard that decode, encode and the store's columns
/// (all driven by `RecordSchema`) agree.
struct RecordRoundTripTests {
    /// Decodes, stores in a fresh store, reads back, encodes; the model must survive the store too.
    func roundTrip(_ wire: Record) throws -> Record {
        let decoded = try CanonicalRecord(record: wire)
        let store = try CanonicalStore(location: .memory)
        try store.upsert(decoded)
        let stored = try #require(try store.storedRecord(decoded.recordType, named: wire.recordName))
        #expect(stored == decoded)
        return stored.record
    }

    func fields(of wire: Record) throws -> [FieldSpec] {
        let type = try #require(RecordType(rawValue: wire.recordType ?? ""))
        return type.fields + CommonFields.all
    }

    @Test("the samples cover every record type, in sync order")
    func samplesCoverEveryType() {
        #expect(WireSamples.all.compactMap { $0.recordType.flatMap(RecordType.init(rawValue:)) } == RecordType.allCases)
    }

    @Test("a sample carries exactly the declared fields, each with its declared wire type", arguments: WireSamples.all)
    func sampleMatchesSchema(_ wire: Record) throws {
        let specs = try fields(of: wire)
        #expect(Set(wire.fields.keys) == Set(specs.map(\.name)))
        for spec in specs {
            let value = try #require(wire.fields[spec.name])
            #expect(spec.type.matches(value), "\(spec.name)")
        }
    }

    @Test("every field present round-trips", arguments: WireSamples.all)
    func everyFieldPresent(_ wire: Record) throws {
        #expect(try roundTrip(wire) == wire)
    }

    @Test("each optional field absent round-trips absent", arguments: WireSamples.all)
    func eachOptionalAbsent(_ wire: Record) throws {
        for spec in try fields(of: wire) where spec.presence == .optional {
            var without = wire
            without.fields[spec.name] = nil
            #expect(try roundTrip(without) == without, "without \(spec.name)")
        }
    }

    @Test("all optional fields absent at once round-trip", arguments: WireSamples.all)
    func allOptionalAbsent(_ wire: Record) throws {
        var minimal = wire
        for spec in try fields(of: wire) where spec.presence == .optional { minimal.fields[spec.name] = nil }
        #expect(try roundTrip(minimal) == minimal)
    }

    @Test("a defaulted field absent comes back as its default", arguments: WireSamples.all)
    func defaultedAbsent(_ wire: Record) throws {
        for spec in try fields(of: wire) {
            guard let fallback = spec.defaultValue else { continue }
            var without = wire
            without.fields[spec.name] = nil
            var expected = wire
            expected.fields[spec.name] = fallback
            #expect(try roundTrip(without) == expected, "without \(spec.name)")
        }
    }

    @Test("a required field absent is reported by name", arguments: WireSamples.all)
    func requiredAbsent(_ wire: Record) throws {
        for spec in try fields(of: wire) where spec.presence == .required {
            var without = wire
            without.fields[spec.name] = nil
            #expect(throws: RecordDecodingError.missingField(recordName: wire.recordName, field: spec.name)) {
                try CanonicalRecord(record: without)
            }
        }
    }

    @Test("the store's columns are the schema's, in order")
    func storeColumns() {
        #expect(CanonicalTable.columns(.game).prefix(4) == ["id", "sport", "season", "start_ms"])
        #expect(CanonicalTable.columns(.stadium).contains("latitude"))
        for (position, type) in RecordType.allCases.enumerated() {
            #expect(CanonicalTable.columns(type) == ["id"] + type.fields.flatMap(\.columns))
            #expect(CanonicalTable.ordinal(type) == position, "the column lists are found by this ordinal")
        }
    }
}
