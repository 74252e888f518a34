import CloudKitWeb
import Foundation
import Testing

@Suite struct WireJSONTests {
    /// A page using every value shape the protocol allows, in both key orders.
    static let page = #"""
        {"records": [
          {"recordName": "game_1", "recordType": "Game", "recordChangeTag": "abc",
           "fields": {
             "sport": {"value": "mlb", "type": "STRING"},
             "startTime": {"type": "TIMESTAMP", "value": 1774656900000},
             "gameNumber": {"value": "2", "type": "INT64"},
             "untyped": {"value": 7},
             "ratio": {"value": 0.25, "type": "DOUBLE"},
             "where": {"value": {"latitude": 29.757, "longitude": -95.355, "horizontalAccuracy": 5}, "type": "LOCATION"},
             "team": {"value": {"recordName": "team_mlb_hou", "action": "NONE"}, "type": "REFERENCE"},
             "sports": {"value": ["mlb", "nba"], "type": "STRING_LIST"},
             "future": {"value": {"x": [1, true, null]}, "type": "SOMETHING_NEW"},
             "text": {"value": "Caf\u00e9 \"quoted\" \\ / \ud83c\udfdf tab\t", "type": "STRING"}
           },
           "created": {"timestamp": 1, "userRecordName": "_u"}, "modified": {"timestamp": "1774656900123"},
           "extraKey": {"ignored": [1, 2, 3]}},
          {"recordName": "gone", "deleted": true}
        ], "continuationMarker": "bWFya2Vy"}
        """#

    @Test func agreesWithTheCodableDecoderOnEveryValueShape() throws {
        let data = Data(Self.page.utf8)
        struct Page: Decodable {
            var records: [Record]
            var continuationMarker: String?
        }
        let viaCodable = try JSONDecoder().decode(Page.self, from: data)
        let fast = try WireJSON.recordPage(data)
        #expect(fast.records == viaCodable.records)
        #expect(fast.continuationMarker == "bWFya2Vy")
        #expect(fast.malformed.isEmpty)
    }

    @Test func decodesValuesTolerantly() throws {
        let record = try #require(try WireJSON.recordPage(Data(Self.page.utf8)).records.first)
        #expect(record["gameNumber"] == .int64(2))
        #expect(record["untyped"] == .int64(7))
        #expect(record["where"]?.locationValue == Location(latitude: 29.757, longitude: -95.355))
        #expect(record["team"]?.stringValue == "team_mlb_hou")
        #expect(record["sports"]?.stringListValue == ["mlb", "nba"])
        #expect(record["text"]?.stringValue == "Café \"quoted\" \\ / 🏟 tab\t")
        if case .other(let type, _) = record["future"] {
            #expect(type == "SOMETHING_NEW")
        } else {
            Issue.record("kept as other")
        }
        #expect(record.modified?.timestamp == 1_774_656_900_123)
    }

    @Test func malformedRecordsAreReportedAndTheRestKept() throws {
        let json = #"""
            {"records": [
              {"recordType": "Game", "fields": {}},
              {"recordName": "bad_fields", "fields": "nope"},
              {"recordName": "bad_stamp", "modified": {"timestamp": "soon"}},
              42,
              {"recordName": "ok", "recordType": "Game", "fields": {}}
            ]}
            """#
        let page = try WireJSON.recordPage(Data(json.utf8))
        #expect(page.records.map(\.recordName) == ["ok"])
        #expect(page.malformed.map(\.recordName) == [nil, "bad_fields", "bad_stamp", nil])
        #expect(page.malformed[1].reason == "fields is not an object")
    }

    @Test(arguments: [
        #"{"records": [ {"recordName": "a"} "#,
        #"{"records": [1,]}"#,
        #"{"records": "x"} trailing"#,
        #"{"records": [01]}"#,
        #"{"a": "\ud800"}"#,
        #"{"a": "unterminated}"#,
        "",
    ])
    func invalidJSONIsAnErrorWithAPosition(json: String) {
        #expect(throws: JSONParseError.self) { try WireJSON.recordPage(Data(json.utf8)) }
    }

    @Test func parsesNumbersExactly() throws {
        let value = try WireJSON.value(Data(#"[0, -12, 9007199254740993, 1.5, -2e3, 123456789012345678901]"#.utf8))
        guard case .array(let items) = value else {
            Issue.record("not an array")
            return
        }
        #expect(items[0] == .int(0))
        #expect(items[1] == .int(-12))
        #expect(items[2] == .int(9_007_199_254_740_993))
        #expect(items[3] == .double(1.5))
        #expect(items[4] == .double(-2000))
        #expect(items[5] == .double(1.2345678901234568e20))
    }
}
