import CloudKitWeb
import Foundation
import Testing

@testable import TripsStore

/// `BundleManifest` read with the wire parser: every member the store uses, and a clear
/// message naming the member when the file is not what it should be.
@Suite struct BundleManifestTests {
    static func manifest(_ json: String) throws -> BundleManifest {
        try BundleManifest(json: WireJSON.value(Data(json.utf8)))
    }

    @Test func readsEveryMemberTheStoreUses() throws {
        let manifest = try Self.manifest(
            """
            {"format": 1, "schemaVersion": 2, "generatedBy": "x",
             "files": [{"path": "records/g.json", "recordType": "Game", "records": 2430, "sport": "mlb",
                        "season": "2025", "complete": true, "notes": "n", "sources": [{"path": "p"}]},
                       {"path": "records/s.json", "recordType": "Sport", "records": 6}],
             "recordTypes": {"Game": {"records": 2430, "watermark": 1795439672367}, "Sport": {"records": 6}},
             "places": {"path": "places.tsv", "rows": 29094}}
            """)
        #expect(manifest.format == 1)
        #expect(manifest.schemaVersion == 2)
        #expect(manifest.files.map(\.path) == ["records/g.json", "records/s.json"])
        #expect(manifest.files[0].records == 2430 && manifest.files[0].sport == "mlb")
        #expect(manifest.files[0].season == "2025" && manifest.files[0].complete == true)
        #expect(manifest.files[1].sport == nil && manifest.files[1].complete == nil)
        #expect(manifest.watermark(for: .game) == 1_795_439_672_367)
        #expect(manifest.watermark(for: .sport) == nil)
        #expect(manifest.places?.rows == 29094)
        #expect(manifest.fullSeasonGames(sport: "mlb", season: "2026") == 2430)
    }

    @Test(arguments: [
        (#"{"format": 1, "recordTypes": {}}"#, "manifest.files: missing"),
        (
            #"{"format": 1, "files": [{"path": "a", "recordType": "Game", "records": "many"}], "recordTypes": {}}"#,
            "manifest.files[0].records: expected a whole number"
        ),
        (
            #"{"format": 1, "files": [], "recordTypes": {"Game": {"records": 1, "watermark": 1.5}}}"#,
            "manifest.recordTypes.Game.watermark: expected a whole number"
        ),
        (#"{"format": "1", "files": [], "recordTypes": {}}"#, "manifest.format: expected a whole number"),
    ])
    func aWrongShapeNamesTheMember(json: String, message: String) throws {
        let error = #expect(throws: ManifestShapeError.self) { try Self.manifest(json) }
        #expect(error?.description == message)
    }

    @Test func theShippedManifestReads() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data")
        let manifest = try BundleManifest.load(from: data)
        #expect(manifest.files.count > 10)
        #expect(manifest.files.allSatisfy { $0.records > 0 })
        #expect(
            manifest.recordTypes["Game"]?.records
                == manifest.files.filter { $0.recordType == "Game" }.map(\.records).reduce(0, +))
    }

    /// The import keeps the season sizes in the store; read back they answer as the manifest.
    @Test func theImportKeepsTheSeasonSizesAndTheyAnswerAsTheManifest() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data")
        let manifest = try BundleManifest.load(from: data)
        let store = try CanonicalStore(location: .memory)
        #expect(try store.bundleSeasonSizes() == nil)
        try store.importBundle(at: data)
        let kept = try #require(try store.bundleSeasonSizes())
        #expect(kept == manifest.seasonSizes)
        #expect(kept.sizes.count == manifest.files.filter { $0.recordType == "Game" }.count)
        for size in kept.sizes {
            #expect(kept.fullSeasonGames(sport: size.sport, season: size.season) != nil)
        }
        // A partial season is measured against the league's format for it, never the last
        // complete season's count: NHL 2026-27 is 84 games a team where 2025-26 was 82.
        let sizes = BundleSeasonSizes(sizes: [
            .init(sport: "nba", season: "2025-26", games: 1230, complete: true),
            .init(sport: "nba", season: "2026-27", games: 1200, complete: false),
            .init(sport: "nhl", season: "2025-26", games: 1312, complete: true),
            .init(sport: "xfl", season: "2026", games: 40, complete: true),
        ])
        #expect(sizes.fullSeasonGames(sport: "nba", season: "2026-27") == 1230)
        #expect(sizes.fullSeasonGames(sport: "nhl", season: "2026-27") == 1344)
        #expect(sizes.fullSeasonGames(sport: "nhl", season: "2027-28") == 1344)
        // A league with no known format: its latest complete season, as before.
        #expect(sizes.fullSeasonGames(sport: "xfl", season: "2027") == 40)
        #expect(BundleSeasonSizes(stored: sizes.stored) == sizes)
        #expect(BundleSeasonSizes(stored: "nba 2026-27 many complete") == nil)
    }
}
