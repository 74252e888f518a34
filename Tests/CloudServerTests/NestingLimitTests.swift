import CloudKitClient
import CloudKitWeb
import Foundation
import Testing

/// The server and the client share one nesting limit for field values
/// (`ProtocolLimits.fieldValueNesting`): what the server saves, every client can read back.
@Suite struct NestingLimitTests {
    static func nested(_ levels: Int) -> FieldValue {
        .other(type: nil, value: (0..<levels).reduce(JSONValue.int(1)) { inner, _ in .array([inner]) })
    }

    @Test func aValueAtTheLimitIsSavedAndReadBackAndOneLevelMoreIsRefused() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let limit = ProtocolLimits.fieldValueNesting
        let admin = server.database(publisher: true)
        let answers = try await admin.modify(
            [limit, limit + 1].map { levels in
                RecordOperation(
                    .forceReplace,
                    Record(recordName: "deep_\(levels)", recordType: "Probe", fields: ["value": Self.nested(levels)]))
            }, atomic: false)

        #expect(answers[0].value != nil, "\(answers[0])")
        #expect(answers[1].error?.serverErrorCode == .badRequest)
        #expect(answers[1].error?.reason?.contains("deeper than \(limit)") == true)
        let page = try await server.database().query(Query(recordType: "Probe"))
        #expect(page.malformed.isEmpty)
        #expect(page.records.map(\.recordName) == ["deep_\(limit)"])
        #expect(page.records.first?.fields["value"]?.nestingDepth == limit)
    }
}
