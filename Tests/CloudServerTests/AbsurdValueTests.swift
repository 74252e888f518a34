import CloudKitClient
import CloudKitWeb
import Foundation
import Testing

/// Canonical records whose values no client can use are refused at save (BAD_REQUEST): a field
/// of the wrong wire type (`deprecatedAt: "soon"` read as "not deprecated" made a live
/// duplicate game), a time outside 1900–2200, an integer at the Int64 extremes.
@Suite struct AbsurdValueTests {
    static let msPerYear: Int64 = 31_556_952_000
    /// 1900-01-01T00:00:00Z and 2200-01-01T00:00:00Z.
    static let earliest: Int64 = -2_208_988_800_000
    static let latest: Int64 = 7_258_118_400_000

    static func game(_ fields: [String: FieldValue]) -> RecordOperation {
        RecordOperation(.forceUpdate, Record(recordName: "game_0000", recordType: "Game", fields: fields))
    }

    @Test(arguments: [
        ("startTime", FieldValue.timestamp(Int64.min), "startTime"),
        ("startTime", .timestamp(Int64.max), "startTime"),
        ("startTime", .timestamp(earliest - 1), "1900"),
        ("startTime", .timestamp(latest), "2200"),
        ("startTime", .string("2026-07-04"), "TIMESTAMP"),
        ("deprecatedAt", .string("soon"), "deprecatedAt"),
        ("deprecatedAt", .double(1.5e12), "TIMESTAMP"),
        ("gameNumber", .int64(Int64.max), "gameNumber"),
        ("gameNumber", .int64(Int64.min), "gameNumber"),
        ("schemaVersion", .string("1"), "INT64"),
        ("homeTeamId", .int64(5), "STRING"),
    ])
    func anAbsurdValueIsABadRequest(field: String, value: FieldValue, reasonContains: String) async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let admin = server.database(publisher: true)
        let results = try await admin.modify([Self.game([field: value])], atomic: false)
        let error = try #require(results.first?.error, "\(field) = \(value) was saved")
        #expect(error.serverErrorCode == .badRequest)
        #expect(error.reason?.contains(reasonContains) == true, "\(error.reason ?? "")")
        #expect(try await server.database().lookup(["game_0000"]).first?.value?.recordChangeTag == "seed-0")
    }

    @Test func theEdgesOfTheRangesAndOtherTypesAreSaved() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let admin = server.database(publisher: true)
        for fields: [String: FieldValue] in [
            ["startTime": .timestamp(Self.earliest)], ["startTime": .timestamp(Self.latest - 1)],
            ["deprecatedAt": .timestamp(1_774_656_900_000)], ["gameNumber": .int64(2)],
            ["notes": .string("fields the schema does not name are the client's to ignore")],
        ] {
            let results = try await admin.modify([Self.game(fields)], atomic: false)
            #expect(results.first?.value != nil, "\(fields): \(results)")
        }
        let other = RecordOperation(
            .forceReplace, Record(recordName: "x", recordType: "NotCanonical", fields: ["startTime": .string("soon")]))
        #expect(try await admin.modify([other], atomic: false).first?.value != nil)
    }
}
