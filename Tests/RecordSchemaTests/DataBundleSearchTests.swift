import FoundationEssentials
import Testing

@testable import RecordSchema

@Suite struct DataBundleSearchTests {
    @Test func theInstalledPrefixComesFromTheExecutablesFolder() {
        let installed = DataBundleSearch(
            environment: [:], executablePath: "/opt/trips/bin/trips", sourceTreeData: "/src/trips/Data")
        #expect(installed.candidates == ["/opt/trips/share/trips/Data"])
        let dev = DataBundleSearch(
            environment: ["TRIPS_DATA": ""], executablePath: "/src/trips/.build/debug/trips-cloud",
            sourceTreeData: "/src/trips/Data")
        #expect(dev.candidates == ["/src/trips/.build/share/trips/Data", "/src/trips/Data"])
    }

    @Test func aSetTripsDataIsTheOnlyPlaceEvenWhenItHoldsNoBundle() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-bundle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let search = DataBundleSearch(
            environment: ["TRIPS_DATA": empty.path], executablePath: "/src/trips/.build/debug/trips",
            sourceTreeData: DataBundleSearch.compiledSourceTreeData)
        #expect(search.candidates == [empty.path])
        #expect(search.locate() == nil)  // the source tree's Data/ exists, but is not used
    }

    @Test func pathArithmeticFollowsPathTextsRules() {
        #expect(DataBundleSearch.parent("/a/b") == "/a")
        #expect(DataBundleSearch.parent("/a/b//") == "/a")
        #expect(DataBundleSearch.parent("/a") == "/")
        #expect(DataBundleSearch.parent("/") == "/")
        #expect(DataBundleSearch.parent("a") == "")
        #expect(DataBundleSearch.appending("/a/", "b") == "/a/b")
        #expect(DataBundleSearch.appending("/", "b") == "/b")
        #expect(DataBundleSearch.appending("", "b") == "b")
    }
}
