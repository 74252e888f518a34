import Foundation
import Testing

/// `trips` starts fast and stays small only while nothing in its module graph imports the full
/// Foundation: that links FoundationInternationalization and ICU (tens of MB, slower start).
/// The test build links the Swift libraries dynamically, so the executable names each library
/// it needs; the one it must need (FoundationEssentials) shows the check can see them.
@Suite struct LinkedFoundationTests {
    @Test func tripsLinksFoundationEssentialsButNotFoundationOrICU() throws {
        let binary = TripsProcess.binaries.appendingPathComponent("trips")
        let bytes = try Data(contentsOf: binary)
        func names(_ library: String) -> Bool { bytes.range(of: Data(library.utf8)) != nil }
        let dynamic = names("libswiftCore.so")
        if dynamic {
            #expect(names("libFoundationEssentials.so"))
            #expect(!names("libFoundation.so"))
        }
        #expect(!names("libFoundationInternationalization.so"))
        #expect(!names("lib_FoundationICU.so"))
    }

    /// The same rule at the source: a file that imports the full Foundation into a module `trips`
    /// links is named here (import FoundationEssentials, and see PathText, Numeral, ISO8601).
    @Test func noModuleTripsLinksImportsFoundation() throws {
        let modules = [
            "InputText", "TripsModel", "ArgumentParsing", "TripsZones", "CloudKitWeb", "RecordSchema", "TripsRecords",
            "SQLite", "Digest", "OutputText",
            "TripsStore", "SyncHealth", "TripsPlanner", "TripsCLI", "trips",
        ]
        var checked = 0
        for module in modules {
            let folder = TripsProcess.root.appendingPathComponent("Sources/\(module)")
            let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }
                #expect(!imports.contains("import Foundation"), "Sources/\(module)/\(file) imports Foundation")
                checked += 1
            }
        }
        #expect(checked > 200)
    }
}
