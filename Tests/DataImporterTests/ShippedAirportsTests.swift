import Foundation
import Testing
import TripsModel
import TripsZones

@testable import DataImporter

/// The shipped `Data/airports.tsv` against the raw OurAirports file it was built from, and its
/// credits in the notice and the manifest.
@Suite("Shipped airports")
struct ShippedAirportsTests {
    let airports: AirportTable
    let places: Gazetteer

    init() throws {
        let data = ShippedBundle.dataDirectory
        airports = try AirportTable(
            tsv: String(contentsOf: data.appendingPathComponent("airports.tsv"), encoding: .utf8))
        places = try Gazetteer(tsv: String(contentsOf: data.appendingPathComponent("places.tsv"), encoding: .utf8))
    }

    static let hasRaw = FileManager.default.fileExists(atPath: ShippedBundle.rawDirectory.path)

    /// The raw file's rows, by IATA code.
    static func rawRows() throws -> [String: [String: String]] {
        let url = ShippedBundle.rawDirectory.appendingPathComponent(OurAirports.path)
        let table = CSVTable(text: try String(contentsOf: url, encoding: .utf8))
        return Dictionary(table.records.map { ($0["iata"] ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The manifest's `airports` entry, read as JSON (the test target's manifest type skips it).
    static func manifestEntry() throws -> [String: Any] {
        let url = ShippedBundle.dataDirectory.appendingPathComponent("manifest.json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        return try #require(json?["airports"] as? [String: Any])
    }

    @Test("every raw row is shipped, once, with the same fields", .enabled(if: hasRaw))
    func everyRawRow() throws {
        let raw = try Self.rawRows()
        #expect(raw.count == 679)
        #expect(airports.airports.count == raw.count)
        for airport in airports.airports {
            let row = try #require(raw[airport.iata], "\(airport.iata) is not in the raw file")
            #expect(row["icao"] == airport.icao && row["name"] == airport.name, "\(airport.iata)")
            #expect(row["type"] == airport.size.rawValue + "_airport", "\(airport.iata)")
            #expect(row["municipality"] == airport.city && row["iso_region"] == airport.region, "\(airport.iata)")
            #expect(row["iso_country"] == airport.country, "\(airport.iata)")
            let latitude = try #require(row["latitude_deg"].flatMap(Double.init))
            let longitude = try #require(row["longitude_deg"].flatMap(Double.init))
            #expect(abs(latitude - airport.coordinate.latitude) <= 0.00005, "\(airport.iata)")
            #expect(abs(longitude - airport.coordinate.longitude) <= 0.00005, "\(airport.iata)")
            if let zone = row["tz"], !zone.isEmpty { #expect(zone == airport.zone, "\(airport.iata)") }
        }
    }

    @Test("every airport has a zone the tz database knows")
    func zones() {
        for airport in airports.airports {
            #expect(ZoneDatabase.system.zone(airport.zone) != nil, "\(airport.iata): \(airport.zone)")
        }
    }

    @Test(
        "a zone airportsdata lacks is the nearest place's of the same division, and the bundle says so",
        .enabled(if: hasRaw))
    func derivedZones() throws {
        let missing = try Self.rawRows().values.filter { $0["tz"]?.isEmpty ?? true }.compactMap { $0["iata"] }.sorted()
        #expect(missing.count == 2)
        let header = try String(
            contentsOf: ShippedBundle.dataDirectory.appendingPathComponent("airports.tsv"), encoding: .utf8
        )
        .split(separator: "\n").prefix { $0.hasPrefix("#") }.joined(separator: "\n")
        let notes = try #require(try Self.manifestEntry()["notes"] as? String)
        for code in missing {
            let airport = try #require(airports.airport(iata: code))
            let division = airport.region.dropFirst(3)
            let place = try #require(
                places.nearest(to: airport.coordinate) {
                    $0.countryCode == airport.country && $0.admin1Code == division
                })
            #expect(airport.zone == place.timeZone, "\(code)")
            let said = "\(code): \(airport.zone), as \(place.label)"
            #expect(notes.contains(said) && header.contains(said), "\(said) is not stated")
        }
    }

    @Test("spot checks: Houston's two airports, Toronto's and Mexico City's zones")
    func spotChecks() throws {
        guard case .found(let houston, _) = places.resolve("Houston, TX") else {
            Issue.record("no Houston in places.tsv")
            return
        }
        let near = airports.airports(near: houston.coordinate, roadFactor: 1.2).map(\.airport.iata)
        #expect(near.contains("IAH") && near.contains("HOU"), "\(near)")
        #expect(airports.airport(iata: "IAH")?.size == .large)
        #expect(airports.airport(iata: "HOU")?.size == .medium)
        #expect(airports.airport(iata: "YYZ")?.zone == "America/Toronto")
        #expect(airports.airport(iata: "MEX")?.zone == "America/Mexico_City")
        #expect(airports.airport(iata: "IAD")?.city == "Washington, DC")  // the raw file's one quoted cell
    }

    @Test("the manifest lists the file with its row count and sources; NOTICE credits both sources")
    func credits() throws {
        let entry = try Self.manifestEntry()
        #expect(entry["path"] as? String == "airports.tsv")
        #expect(entry["rows"] as? Int == airports.airports.count)
        let sources = try #require(entry["sources"] as? [[String: Any]])
        #expect(sources.compactMap { $0["path"] as? String } == [OurAirports.path])
        let notice = try String(
            contentsOf: ShippedBundle.dataDirectory.appendingPathComponent("NOTICE"), encoding: .utf8)
        #expect(notice == Notice.text)
        #expect(
            notice.contains("Data/airports.tsv") && notice.contains("OurAirports") && notice.contains("airportsdata"))
    }
}
