import CloudKitClient
import CloudKitWeb
import CloudServerProcess
import Foundation
import Testing

@Suite struct PublicQueryTests {
    @Test func seedingKeepsTheBundlesTimestampsAndChangeTags() async throws {
        let server = try await TestServer.start(games: 30)
        defer { server.close() }
        let records = try await allRecords(server.database(), allGames)
        #expect(records.count == 30)
        for record in records {
            let seeded = try #require(server.fixture?.records.first { $0.recordName == record.recordName })
            #expect(record.recordChangeTag == seeded.recordChangeTag)
            #expect(record.modified?.timestamp == FixtureBundle.seededMs)
            #expect(record.fields == seeded.fields)
        }
    }

    @Test func pagingFollowsModificationThenNameOrder() async throws {
        let server = try await TestServer.start(games: 25, pageLimit: 4)
        defer { server.close() }
        var pages = 0
        var names: [String] = []
        for try await page in server.database().queryPages(allGames) {
            pages += 1
            #expect(page.records.count <= 4)
            names += page.records.map(\.recordName)
        }
        #expect(pages == 7)
        #expect(names == (0..<25).map { String(format: "game_%04d", $0) })
    }

    @Test func aDeltaQueryReturnsOnlyRecordsModifiedSinceTheWatermark() async throws {
        let server = try await TestServer.start(games: 40)
        defer { server.close() }
        let admin = server.database(publisher: true)
        let changed = ["game_0003", "game_0017", "game_0031"]
        let saved = try await admin.modify(
            changed.map {
                RecordOperation(
                    .forceUpdate, Record(recordName: $0, recordType: "Game", fields: ["status": .string("postponed")]))
            })
        #expect(saved.allSatisfy { $0.value != nil })
        let delta = try await allRecords(
            server.database(),
            Query(
                recordType: "Game",
                filterBy: [QueryFilter(.system(.modifiedTimestamp), .greaterThan, .timestamp(FixtureBundle.seededMs))],
                sortBy: QuerySort.byModification))
        #expect(delta.map(\.recordName) == changed)
        #expect(
            delta.allSatisfy { $0["status"] == .string("postponed") && $0.recordChangeTag?.hasPrefix("seed-") == false }
        )
    }

    @Test func fieldFiltersUseTheDocumentedComparators() async throws {
        let server = try await TestServer.start(games: 12)
        defer { server.close() }
        let db = server.database()
        func names(_ filters: [QueryFilter], type: String = "Game") async throws -> [String] {
            try await allRecords(
                db, Query(recordType: type, filterBy: filters, sortBy: [QuerySort(.system(.recordName))])
            ).map(\.recordName)
        }
        // Homes rotate hou, tex, sea; aways nyy, bos.
        #expect(
            try await names([QueryFilter(.field("homeTeamId"), .equals, .string("team_mlb_hou"))]) == [
                "game_0000", "game_0003", "game_0006", "game_0009",
            ])
        #expect(try await names([QueryFilter(.field("homeTeamId"), .notEquals, .string("team_mlb_hou"))]).count == 8)
        #expect(
            try await names([
                QueryFilter(
                    .field("homeTeamId"), .in, .list(.string, [.string("team_mlb_tex"), .string("team_mlb_sea")]))
            ]).count == 8)
        #expect(
            try await names([
                QueryFilter(
                    .field("homeTeamId"), .notIn, .list(.string, [.string("team_mlb_tex"), .string("team_mlb_sea")]))
            ]).count == 4)
        let start = 1_774_555_800_000 as Int64
        #expect(
            try await names([QueryFilter(.field("startTime"), .lessThan, .timestamp(start + 2 * 3_600_000))]) == [
                "game_0000", "game_0001",
            ])
        #expect(
            try await names([QueryFilter(.field("startTime"), .lessThanOrEquals, .timestamp(start + 2 * 3_600_000))])
                .count == 3)
        #expect(
            try await names([QueryFilter(.field("startTime"), .greaterThan, .timestamp(start + 10 * 3_600_000))]) == [
                "game_0011"
            ])
        #expect(
            try await names([QueryFilter(.field("startTime"), .greaterThanOrEquals, .timestamp(start + 10 * 3_600_000))]
            ).count == 2)
        #expect(
            try await names([
                QueryFilter(.field("homeTeamId"), .equals, .string("team_mlb_hou")),
                QueryFilter(.field("awayTeamId"), .equals, .string("team_mlb_bos")),
            ]) == ["game_0003", "game_0009"])
        #expect(
            try await names([QueryFilter(.system(.recordName), .beginsWith, .string("game_001"))]) == [
                "game_0010", "game_0011",
            ])
        #expect(
            try await names([QueryFilter(.field("sports"), .listContains, .string("nhl"))], type: "Stadium") == [
                "stadium_toyota_center"
            ])
    }

    @Test func severalSortDescriptorsApplyInOrder() async throws {
        let server = try await TestServer.start(games: 9, pageLimit: 2)
        defer { server.close() }
        let query = Query(
            recordType: "Game",
            sortBy: [
                QuerySort(.field("homeTeamId"), ascending: false), QuerySort(.field("startTime"), ascending: false),
            ])
        let records = try await allRecords(server.database(), query)
        let keys = records.map { ($0["homeTeamId"]?.stringValue ?? "", $0["startTime"]?.int64Value ?? 0) }
        #expect(records.count == 9)
        #expect(
            keys.map(\.0) == [
                "team_mlb_tex", "team_mlb_tex", "team_mlb_tex", "team_mlb_sea", "team_mlb_sea", "team_mlb_sea",
                "team_mlb_hou", "team_mlb_hou", "team_mlb_hou",
            ])
        for (a, b) in zip(keys, keys.dropFirst()) where a.0 == b.0 { #expect(a.1 > b.1) }
    }

    @Test func desiredKeysLimitTheFieldsReturned() async throws {
        let server = try await TestServer.start(games: 3)
        defer { server.close() }
        let page = try await server.database().query(allGames, desiredKeys: ["status", "startTime"])
        #expect(page.records.count == 3)
        #expect(page.records.allSatisfy { Set($0.fields.keys) == ["status", "startTime"] })
        let looked = try await server.database().lookup(["game_0001"], desiredKeys: ["sport"])
        #expect(looked.first?.value?.fields == ["sport": .string("mlb")])
    }

    @Test func lookupAnswersInRequestOrderWithNotFoundForMissingNames() async throws {
        let server = try await TestServer.start(games: 3)
        defer { server.close() }
        let results = try await server.database().lookup(["game_0002", "nope", "game_0000"])
        #expect(results.map { $0.value?.recordName } == ["game_0002", nil, "game_0000"])
        #expect(results[1].error?.serverErrorCode == .notFound)
        #expect(results[1].error?.recordName == "nope")
    }

    @Test func aMarkerOnlyWorksWithTheQueryThatMadeIt() async throws {
        let server = try await TestServer.start(games: 5, pageLimit: 2)
        defer { server.close() }
        let db = server.database()
        let first = try await db.query(allGames)
        let marker = try #require(first.continuationMarker)
        await #expect {
            _ = try await db.query(
                Query(recordType: "Stadium", sortBy: QuerySort.byModification), continuationMarker: marker)
        } throws: { code(of: $0) == .badRequest && "\($0)".contains("continuationMarker") }
        await #expect { _ = try await db.query(allGames, continuationMarker: "bm90IG1pbmU") } throws: {
            code(of: $0) == .badRequest
        }
        #expect(try await db.query(allGames, continuationMarker: marker).records.first?.recordName == "game_0002")
    }

    @Test func resultsLimitIsCappedByThePageLimit() async throws {
        let server = try await TestServer.start(games: 12, pageLimit: 5)
        defer { server.close() }
        let db = server.database()
        #expect(try await db.query(allGames, resultsLimit: 500).records.count == 5)
        #expect(try await db.query(allGames, resultsLimit: 3).records.count == 3)
    }

    /// Acceptance: the client pages through every Game of a server started from the real
    /// `Data/` with page limit 200 and gets the manifest's count.
    @Test func everyBundledGamePagesThroughWithPageLimit200() async throws {
        let data = try #require(
            CloudServerProcess.repositoryData, "Data/manifest.json is missing: the bundle has not been built")
        struct Manifest: Decodable {
            struct File: Decodable {
                var recordType: String
                var records: Int
            }
            var files: [File]
        }
        let manifest = try JSONDecoder().decode(
            Manifest.self, from: Data(contentsOf: data.appendingPathComponent("manifest.json")))
        let expected = manifest.files.filter { $0.recordType == "Game" }.map(\.records).reduce(0, +)
        #expect(expected > 0)
        let process = try await CloudServerProcess.start(data: data, pageLimit: 200)
        defer { process.stop() }
        let db = CloudDatabase(
            configuration: CloudConfiguration(
                baseURL: process.url, container: process.container, apiToken: process.apiToken))
        var names = Set<String>()
        var pages = 0
        for try await page in db.queryPages(
            Query(recordType: "Game", filterBy: [.modified(since: 0)], sortBy: QuerySort.byModification),
            resultsLimit: 200)
        {
            pages += 1
            #expect(page.records.count <= 200)
            names.formUnion(page.records.map(\.recordName))
        }
        #expect(names.count == expected)
        #expect(pages == (expected + 199) / 200)
    }
}
