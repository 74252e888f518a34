import Foundation
import Testing
import TripsInput
import TripsModel
import TripsStore

/// `PlaceInput.loadAirports`: the bundle's airports table, or a `BundleError` naming the file.
@Suite("Bundle tables")
struct BundleTablesTests {
    /// A bundle folder (a manifest and `files`) and a locator that finds it.
    func bundle(_ files: [String: String]) throws -> (BundleLocator, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trips-bundle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files.merging(["manifest.json": "{}"], uniquingKeysWith: { a, _ in a }) {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return (BundleLocator(environment: ["TRIPS_DATA": directory.path]), directory)
    }

    static let row =
        "IAH\tKIAH\tHouston Intercontinental\tlarge\tHouston\tUS-TX\tUS\t29.9844\t-95.3414\tAmerica/Chicago"

    @Test("the airports table loads from the bundle")
    func loads() throws {
        let (locator, directory) = try bundle(["airports.tsv": "# credits\n\(Self.row)\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let table = try PlaceInput.loadAirports(locator)
        #expect(table.airport(iata: "IAH")?.zone == "America/Chicago")
    }

    @Test("a damaged or missing table is unreadable, naming the file (and the line)")
    func unreadable() throws {
        let (locator, directory) = try bundle(["airports.tsv": "# credits\n\(Self.row)\nIAH\tKIAH\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("airports.tsv").path
        #expect {
            try PlaceInput.loadAirports(locator)
        } throws: { error in
            guard case .unreadable(let at, let reason) = error as? BundleError else { return false }
            return at == path && reason.contains("line 3")
        }
        try FileManager.default.removeItem(atPath: path)
        #expect {
            try PlaceInput.loadAirports(locator)
        } throws: { error in
            guard case .unreadable(let at, _) = error as? BundleError else { return false }
            return at == path
        }
    }
}
