import CloudKitWeb
import Foundation
import Testing

/// A record whose value nests too deep is one malformed record, never an unreadable page: the
/// records around it, the marker and the rest of the page are kept.
@Suite struct NestedValueTests {
    static func deep(_ levels: Int) -> String {
        String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels)
    }

    static func page(deepLevels: Int) -> Data {
        Data(
            """
            {"records": [
              {"recordName": "a", "recordType": "Game", "fields": {"x": {"value": 1}}},
              {"recordType": "Game", "fields": {"x": {"value": \(deep(deepLevels))}},
               "modified": {"timestamp": 42}, "recordName": "deep"},
              {"recordName": "b", "recordType": "Game", "unknown": \(deep(5000)), "fields": {}}
            ], "continuationMarker": "m"}
            """.utf8)
    }

    @Test func aValueBeyondTheSharedLimitMakesItsRecordMalformedWhateverItsDepth() throws {
        for levels in [ProtocolLimits.fieldValueNesting + 1, 250, 100_000] {
            let page = try WireJSON.recordPage(Self.page(deepLevels: levels))
            #expect(page.records.map(\.recordName) == ["a", "b"])
            #expect(page.malformed.map(\.recordName) == ["deep"])
            #expect(page.malformed.first?.reason.contains("deeper than") == true)
            #expect(page.malformed.first?.modified == 42)
            #expect(page.continuationMarker == "m")
        }
    }

    @Test func aValueAtTheLimitIsRead() throws {
        let page = try WireJSON.recordPage(Self.page(deepLevels: ProtocolLimits.fieldValueNesting))
        #expect(page.records.map(\.recordName) == ["a", "deep", "b"])
        #expect(page.records[1].fields["x"]?.nestingDepth == ProtocolLimits.fieldValueNesting)
    }

    @Test func theDatabaseMemberIsReadWhenPresent() throws {
        let page = try WireJSON.recordPage(
            Data(#"{"records": [], "tripsDatabase": {"epoch": "e1", "recordCount": 7}}"#.utf8))
        #expect(page.database == CloudDatabaseInfo(epoch: "e1", recordCount: 7))
        #expect(try WireJSON.recordPage(Data(#"{"records": []}"#.utf8)).database == nil)
    }
}
