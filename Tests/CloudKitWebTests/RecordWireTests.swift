import CloudKitWeb
import Foundation
import Testing

/// Records and field values against the shapes of CLOUD-PROTOCOL "Values" (Apple's Types page).
@Suite struct RecordWireTests {
    static let fullRecord = """
        {"recordName": "stadium_daikin_park", "recordType": "Stadium", "recordChangeTag": "k2f8a1",
         "fields": {
           "name": {"value": "Daikin Park", "type": "STRING"},
           "capacity": {"value": 41168, "type": "INT64"},
           "ratio": {"value": 0.25, "type": "DOUBLE"},
           "openedAt": {"value": 954547200000, "type": "TIMESTAMP"},
           "logo": {"value": "AAEC", "type": "BYTES"},
           "team": {"value": {"recordName": "team_mlb_hou", "action": "NONE"}, "type": "REFERENCE"},
           "location": {"value": {"latitude": 29.757, "longitude": -95.355, "altitude": 12}, "type": "LOCATION"},
           "sports": {"value": ["mlb"], "type": "STRING_LIST"},
           "years": {"value": [2000, 2025], "type": "INT64_LIST"}
         },
         "created": {"timestamp": 1767225600000, "userRecordName": "_abc", "deviceID": "2"},
         "modified": {"timestamp": 1767225601000, "userRecordName": "_abc", "deviceID": "2"},
         "deleted": false}
        """

    @Test func everyDocumentedValueTypeDecodesToItsCase() throws {
        let record = try decode(Record.self, Self.fullRecord)
        #expect(record.recordName == "stadium_daikin_park")
        #expect(record.recordType == "Stadium")
        #expect(record.recordChangeTag == "k2f8a1")
        #expect(record["name"] == .string("Daikin Park"))
        #expect(record["capacity"] == .int64(41168))
        #expect(record["ratio"] == .double(0.25))
        #expect(record["openedAt"] == .timestamp(954_547_200_000))
        #expect(record["logo"] == .bytes("AAEC"))
        #expect(record["team"] == .reference(Reference(recordName: "team_mlb_hou", action: "NONE")))
        #expect(record["location"] == .location(Location(latitude: 29.757, longitude: -95.355)))
        #expect(record["sports"] == .list(.string, [.string("mlb")]))
        #expect(record["years"] == .list(.int64, [.int64(2000), .int64(2025)]))
        #expect(record.created == RecordStamp(timestamp: 1_767_225_600_000, userRecordName: "_abc", deviceID: "2"))
        #expect(record.modified?.timestamp == 1_767_225_601_000)
        #expect(record.deleted == false)
    }

    @Test func aRecordSurvivesEncodeAndDecodeUnchanged() throws {
        let record = try decode(Record.self, Self.fullRecord)
        let again = try JSONDecoder().decode(Record.self, from: JSONEncoder().encode(record))
        #expect(again == record)
    }

    @Test func encodingWritesTheDocumentedKeysAndTypeStrings() throws {
        let record = Record(
            recordName: "g1", recordType: "Game", recordChangeTag: "t1",
            fields: ["startTime": .timestamp(5), "sports": .list(.string, [.string("mlb")])])
        let object = try encodedObject(record)
        let expected = try jsonObject(
            """
            {"recordName": "g1", "recordType": "Game", "recordChangeTag": "t1",
             "fields": {"startTime": {"value": 5, "type": "TIMESTAMP"},
                        "sports": {"value": ["mlb"], "type": "STRING_LIST"}}}
            """)
        #expect(object == expected)
    }

    @Test func aMissingTypeIsInferredFromTheValue() throws {
        let record = try decode(
            Record.self,
            """
            {"recordName": "r", "fields": {"a": {"value": "x"}, "b": {"value": 3}, "c": {"value": 1.5},
             "d": {"value": {"latitude": 1, "longitude": 2}}, "e": {"value": ["p", "q"]}}}
            """)
        #expect(record["a"] == .string("x"))
        #expect(record["b"] == .int64(3))
        #expect(record["c"] == .double(1.5))
        #expect(record["d"] == .location(Location(latitude: 1, longitude: 2)))
        #expect(record["e"] == .list(.string, [.string("p"), .string("q")]))
    }

    @Test func anUnknownTypeIsKeptVerbatimInsteadOfFailingTheRecord() throws {
        let record = try decode(
            Record.self, #"{"recordName": "r", "fields": {"v": {"value": {"x": 1}, "type": "FUTURE_TYPE"}}}"#)
        #expect(record["v"] == .other(type: "FUTURE_TYPE", value: .object(["x": .int(1)])))
    }

    @Test func numbersSentAsStringsAreRead() throws {
        let record = try decode(
            Record.self,
            """
            {"recordName": "r", "fields": {"n": {"value": "42", "type": "INT64"},
             "t": {"value": "1767225600000", "type": "TIMESTAMP"}, "d": {"value": "2.5", "type": "DOUBLE"}},
             "modified": {"timestamp": "1767225600000"}}
            """)
        #expect(record["n"] == .int64(42))
        #expect(record["t"] == .timestamp(1_767_225_600_000))
        #expect(record["d"] == .double(2.5))
        #expect(record.modified?.timestamp == 1_767_225_600_000)
    }

    @Test func extraKeysAreIgnored() throws {
        let record = try decode(
            Record.self,
            """
            {"recordName": "r", "recordType": "T", "pluginFields": {}, "shortGUID": "x",
             "fields": {"a": {"value": "v", "type": "STRING", "isEncrypted": false}}}
            """)
        #expect(record["a"] == .string("v"))
    }

    @Test func aDeletedEntryNeedsOnlyItsName() throws {
        let record = try decode(Record.self, #"{"recordName": "gone", "deleted": true}"#)
        #expect(record.deleted)
        #expect(record.fields.isEmpty)
        let object = try encodedObject(record)
        #expect(object == (try jsonObject(#"{"recordName": "gone", "deleted": true}"#)))
    }
}
