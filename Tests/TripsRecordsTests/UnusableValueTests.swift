import CloudKitWeb
import Testing
import TripsModel
import TripsRecords

@testable import TripsStore

/// A value no client can use — a time outside 1900–2200, an integer beyond ±2^53, a field of
/// another wire type — makes the record malformed (skipped and counted), by the rule the server
/// refuses them with at save. Before, `deprecatedAt: "soon"` read as "not deprecated" (a live
/// duplicate game) and Int64.min printed as year −292275055.
struct UnusableValueTests {
    static var game: Record { WireSamples.all.first { $0.recordType == "Game" }! }

    @Test(
        "an unusable value makes the record malformed, naming the field",
        arguments: [
            ("startTime", FieldValue.timestamp(Int64.min)),
            ("startTime", .timestamp(-2_208_988_800_001)),
            ("startTime", .timestamp(7_258_118_400_000)),
            ("resumedAt", .timestamp(Int64.max)),
            ("deprecatedAt", .string("soon")),
            ("deprecatedAt", .timestamp(Int64.min)),
            ("gameNumber", .int64(Int64.max)),
            ("gameNumber", .int64(0)),
            ("gameNumber", .int64(-5)),
            ("homeScore", .int64(1_000_000_000)),
            ("awayScore", .int64(-1)),
            ("schemaVersion", .string("1")),
            ("stadiumId", .int64(5)),
        ])
    func malformed(field: String, value: FieldValue) {
        var wire = Self.game
        wire.fields[field] = value
        #expect {
            try CanonicalRecord(record: wire)
        } throws: { error in
            guard case .invalidField(_, let named, _) = error as? RecordDecodingError else { return false }
            return named == field
        }
    }

    @Test func theStoreSkipsItAsMalformedAndKeepsWhatItHad() throws {
        let store = try CanonicalStore(location: .memory)
        var wire = Self.game
        wire.fields["deprecatedAt"] = nil
        try store.upsert(try CanonicalRecord(record: wire))
        var bad = wire
        bad.fields["deprecatedAt"] = .string("soon")
        bad.recordChangeTag = "tag-newer"
        bad.modified = RecordStamp(timestamp: (wire.modified?.timestamp ?? 0) + 1)

        guard case .malformed = try store.merge(bad) else {
            Issue.record("an unusable deprecatedAt was merged")
            return
        }
        #expect(try store.storedRecord(.game, named: wire.recordName)?.meta.changeTag == wire.recordChangeTag)
    }

    @Test func theEdgesOfTheRangeAreUsable() throws {
        for ms in [Int64(-2_208_988_800_000), 7_258_118_399_999] {
            var wire = Self.game
            wire.fields["startTime"] = .timestamp(ms)
            #expect(throws: Never.self) { try CanonicalRecord(record: wire) }
        }
    }
}
