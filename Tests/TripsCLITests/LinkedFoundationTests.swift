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
}
