import CloudKitWeb
import Foundation
import Testing

/// Numbers at the edges of Int64 and Double: the reader keeps every Int64 exact (19 digits
/// included) and refuses a number no Double holds, rather than reading it as infinity.
@Suite struct NumberRangeTests {
    @Test(arguments: [
        ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min),
        ("1000000000000000001", 1_000_000_000_000_000_001), ("-999999999999999999", -999_999_999_999_999_999),
    ])
    func nineteenDigitIntegersStayExact(text: String, expected: Int64) throws {
        #expect(try WireJSON.value(Data(text.utf8)) == .int(expected))
        let page = try WireJSON.recordPage(
            Data(#"{"records": [{"recordName": "r", "fields": {"n": {"value": \#(text), "type": "INT64"}}}]}"#.utf8))
        #expect(page.records.first?["n"] == .int64(expected))
    }

    @Test func anIntegerBeyondInt64IsADouble() throws {
        #expect(try WireJSON.value(Data("9223372036854775808".utf8)) == .double(9_223_372_036_854_775_808))
    }

    @Test(arguments: ["1e400", "-1e400", "1" + String(repeating: "0", count: 400)])
    func aNumberBeyondDoubleIsRefused(text: String) throws {
        #expect(throws: JSONParseError.self) { try WireJSON.value(Data(text.utf8)) }
        #expect(throws: JSONParseError.self) { try WireJSON.value(Data("[1, \(text)]".utf8)) }
    }

    @Test func aRecordWithANumberBeyondDoubleIsMalformedAndThePageGoesOn() throws {
        let json = #"""
            {"records": [
              {"recordName": "huge", "fields": {"x": {"value": 1e400, "type": "DOUBLE"}}},
              {"recordName": "fine", "fields": {"x": {"value": 1.5, "type": "DOUBLE"}}}
            ], "somethingElse": -1e999}
            """#
        let page = try WireJSON.recordPage(Data(json.utf8))
        #expect(page.records.map(\.recordName) == ["fine"])
        #expect(page.malformed.map(\.recordName) == ["huge"])
        #expect(page.malformed.first?.reason.contains("out of range") == true, "\(page.malformed)")
    }
}
