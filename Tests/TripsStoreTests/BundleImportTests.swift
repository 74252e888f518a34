import CloudKitWeb
import Foundation
import RecordSchema
import Testing
import TripsModel
import TripsRecords

@testable import TripsStore

/// A bundle written to a temporary folder in the `Data/` format.
struct FixtureBundle {
    let directory: URL

    init(records: [CanonicalRecord], watermarks: [RecordType: Int64]? = nil) throws {
        directory = try Fixtures.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("records"), withIntermediateDirectories: true)
        let byType = Dictionary(grouping: records, by: \.recordType)
        var files: [[String: Any]] = []
        var types: [String: Any] = [:]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for (type, list) in byType {
            let path = "records/\(type.rawValue.lowercased()).json"
            let data = try encoder.encode(RecordList(records: list.map(\.record)))
            try data.write(to: directory.appendingPathComponent(path))
            files.append(["path": path, "recordType": type.rawValue, "records": list.count])
            let mark = watermarks?[type] ?? list.map(\.meta.modifiedMs).max()!
            types[type.rawValue] = ["records": list.count, "watermark": mark]
        }
        let manifest: [String: Any] = ["format": 1, "schemaVersion": 1, "files": files, "recordTypes": types]
        try JSONSerialization.data(withJSONObject: manifest).write(
            to: directory.appendingPathComponent("manifest.json"))
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

@Suite struct BundleImportTests {
    static let records: [CanonicalRecord] = [
        CanonicalRecord(.sport(Fixtures.mlb), meta: Fixtures.meta("s", modified: 100)),
        CanonicalRecord(.stadium(Fixtures.daikin), meta: Fixtures.meta("d", modified: 200)),
        CanonicalRecord(.stadium(Fixtures.yankee), meta: Fixtures.meta("y", modified: 210)),
        CanonicalRecord(.team(Fixtures.astros), meta: Fixtures.meta("a", modified: 300)),
        CanonicalRecord(.team(Fixtures.yankees), meta: Fixtures.meta("n", modified: 310)),
        CanonicalRecord(.game(Fixtures.game("g1", "2026-04-01T00:10:00Z")), meta: Fixtures.meta("g1", modified: 400)),
        CanonicalRecord(.game(Fixtures.game("g2", "2026-04-02T00:10:00Z")), meta: Fixtures.meta("g2", modified: 450)),
    ]

    @Test func importsEveryRecordAndSetsTheBundlesWatermarks() throws {
        let bundle = try FixtureBundle(records: Self.records, watermarks: [.game: 999])
        defer { bundle.remove() }
        let store = try CanonicalStore(location: .memory)
        let report = try store.importBundle(at: bundle.directory)
        #expect(report.counts[.game]?.applied == 2)
        #expect(report.counts[.team]?.applied == 2)
        #expect(try store.watermark(for: .game) == 999)
        #expect(try store.watermark(for: .stadium) == 210)
        #expect(try store.watermark(for: .teamAlias) == nil)
        #expect(store.hasImportedBundle)
        #expect(try DataProvider(store: store).allRichGames(for: ["mlb"]).games.count == 2)
    }

    @Test func deltaPullsStartAfterABundleWatermarkAndOverlapAnyOther() throws {
        let bundle = try FixtureBundle(records: Self.records, watermarks: [.game: 999])
        defer { bundle.remove() }
        let store = try CanonicalStore(location: .memory)
        try store.importBundle(at: bundle.directory)
        #expect(try store.deltaStart(for: .game, overlapMs: 300) == 1000)
        #expect(try store.deltaStart(for: .teamAlias, overlapMs: 300) == nil)
        // Once a pulled page moves the watermark, the overlap applies again.
        let moved = Fixtures.record(
            .game(Fixtures.game("g3", "2026-04-03T00:10:00Z")), Fixtures.meta("g3", modified: 5_000))
        try store.apply(page: [moved], of: .game)
        #expect(try store.deltaStart(for: .game, overlapMs: 300) == 4_700)
    }

    @Test func bootstrapImportsOnceAndLaterOpensKeepTheStore() throws {
        let bundle = try FixtureBundle(records: Self.records)
        defer { bundle.remove() }
        let home = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let location = StoreLocation(storePath: home.appendingPathComponent("sub/trips.sqlite").path, isDefault: true)
        let locator = BundleLocator(environment: ["TRIPS_DATA": bundle.directory.path])
        do {
            let store = try CanonicalStore.openBootstrapped(at: location, bundle: locator)
            #expect(try store.liveCount(.game) == 2)
            try store.database.run("DELETE FROM games WHERE id = 'g1'")
        }
        let reopened = try CanonicalStore.openBootstrapped(at: location, bundle: locator)
        #expect(try reopened.liveCount(.game) == 1)  // not re-imported
    }

    @Test func aBrokenFileImportsNothing() throws {
        let bundle = try FixtureBundle(records: Self.records)
        defer { bundle.remove() }
        try Data("{\"records\": [".utf8).write(to: bundle.directory.appendingPathComponent("records/game.json"))
        let store = try CanonicalStore(location: .memory)
        #expect {
            try store.importBundle(at: bundle.directory)
        } throws: { error in
            guard case BundleError.unreadable(let path, _) = error else { return false }
            return path.hasSuffix("records/game.json")
        }
        #expect(try store.liveCount(.team) == 0)
        #expect(!store.hasImportedBundle)
    }

    @Test func aMissingBundleNamesThePlacesSearched() {
        let locator = BundleLocator(
            environment: [:], executablePath: "/opt/trips/bin/trips", sourceTreeData: "/src/trips/Data")
        #expect(throws: BundleError.notFound(searched: ["/opt/trips/share/trips/Data"])) { try locator.locate() }
    }

    @Test func onlyDevelopmentBuildsFallBackToTheSourceTree() {
        let dev = BundleLocator(
            environment: [:], executablePath: "/src/trips/.build/release/trips", sourceTreeData: "/src/trips/Data")
        #expect(dev.candidates == ["/src/trips/.build/share/trips/Data", "/src/trips/Data"])
        let explicit = BundleLocator(
            environment: ["TRIPS_DATA": "/x/Data"], executablePath: "/usr/bin/trips", sourceTreeData: "/s")
        #expect(explicit.candidates == ["/x/Data"])
    }

    /// `trips` (`BundleLocator`) and `trips-cloud serve` (`DataBundleSearch` directly) must find the
    /// same bundle for the same environment: a set but wrong `TRIPS_DATA` included.
    @Test func theCLIAndTheServerSearchTheSamePlaces() throws {
        let bundle = try FixtureBundle(records: Self.records)
        defer { bundle.remove() }
        let executables = ["/opt/trips/bin/trips", "/src/trips/.build/release/trips", "/trips", "bin/trips"]
        let environments: [[String: String]] = [
            [:], ["TRIPS_DATA": ""], ["TRIPS_DATA": bundle.directory.path], ["TRIPS_DATA": "/nowhere/Data"],
        ]
        for executable in executables {
            for environment in environments {
                let cli = BundleLocator(
                    environment: environment, executablePath: executable, sourceTreeData: bundle.directory.path)
                let server = DataBundleSearch(
                    environment: environment, executablePath: executable, sourceTreeData: bundle.directory.path)
                #expect(cli.candidates == server.candidates)
                #expect((try? cli.locate()) == server.locate())
                let installed = PathText.appending(
                    PathText.deletingLastComponent(PathText.deletingLastComponent(executable)), "share/trips/Data")
                if environment["TRIPS_DATA", default: ""].isEmpty { #expect(server.candidates.first == installed) }
            }
        }
        let found = DataBundleSearch(
            environment: ["TRIPS_DATA": bundle.directory.path], executablePath: "/usr/bin/trips-cloud",
            sourceTreeData: "/s")
        #expect(found.locate()?.standardizedFileURL.path == bundle.directory.standardizedFileURL.path)
    }
}

@Suite struct StoreOpenTests {
    @Test func aFileThatIsNotAStoreIsReportedAsTheWrongFileNotAsDamaged() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("notes.txt").path
        try Data(repeating: 0x7A, count: 8192).write(to: URL(fileURLWithPath: path))
        // `trips reset` refuses such a file, so the message must not send the user there.
        #expect {
            _ = try CanonicalStore(location: .file(path))
        } throws: { error in
            guard case StoreError.notAStore(let p, _) = error else { return false }
            return p == path && "\(error)".contains("--store") && !"\(error)".contains("trips reset")
                && (error as? StoreError)?.kind == .input
        }
    }

    @Test func aDamagedStoreIsReportedWithTheResetFix() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("trips.sqlite").path
        _ = try CanonicalStore(location: .file(path))
        // Keep SQLite's header, damage what follows: a store, but unreadable.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data(repeating: 0x55, count: 4096))
        try handle.close()
        #expect {
            _ = try CanonicalStore(location: .file(path))
        } throws: { error in
            guard case StoreError.unreadable(let p, _) = error else { return false }
            return p == path && "\(error)".contains("trips reset")
        }
    }

    @Test func aStoreFromANewerTripsIsRefused() throws {
        let dir = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("trips.sqlite").path
        do {
            let store = try CanonicalStore(location: .file(path))
            try store.database.run(
                "INSERT INTO schema_migrations (name, applied_at, position) VALUES ('999_future', 0, 999)")
        }
        #expect(throws: StoreError.newerVersion(path: path)) { _ = try CanonicalStore(location: .file(path)) }
    }

    @Test func storeLocationFollowsTheEnvironment() {
        #expect(StoreLocation(explicitPath: "/a/b.sqlite", environment: [:]).storePath == "/a/b.sqlite")
        #expect(StoreLocation(explicitPath: nil, environment: ["TRIPS_HOME": "/th"]).storePath == "/th/trips.sqlite")
        #expect(
            StoreLocation(explicitPath: nil, environment: ["XDG_DATA_HOME": "/x"]).storePath == "/x/trips/trips.sqlite")
        #expect(
            StoreLocation(explicitPath: nil, environment: ["HOME": "/h"]).storePath
                == "/h/.local/share/trips/trips.sqlite")
    }
}
