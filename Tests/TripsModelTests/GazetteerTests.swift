import Foundation
import Testing

@testable import TripsModel

/// A small hand-made gazetteer: two Des Moines, two Springfields, an accented Montréal,
/// Toronto (ON), Mexico City (CMX) and Saint Paul.
private let fixturePlaces: [Place] = [
    place("Des Moines", "IA", "Iowa", "US", 41.60054, -93.60911, "America/Chicago", 214_133),
    place("Des Moines", "WA", "Washington", "US", 47.40177, -122.32429, "America/Los_Angeles", 31_221),
    place("Springfield", "IL", "Illinois", "US", 39.80172, -89.64371, "America/Chicago", 116_565),
    place("Springfield", "MO", "Missouri", "US", 37.21533, -93.29824, "America/Chicago", 166_810),
    place("Montréal", "QC", "Quebec", "CA", 45.50884, -73.58781, "America/Toronto", 1_600_000),
    place("Toronto", "ON", "Ontario", "CA", 43.70011, -79.4163, "America/Toronto", 2_794_356),
    place("Mexico City", "CMX", "Mexico City", "MX", 19.42847, -99.12766, "America/Mexico_City", 12_294_193),
    place("Saint Paul", "MN", "Minnesota", "US", 44.94441, -93.09327, "America/Chicago", 308_096),
    place("Chicago", "IL", "Illinois", "US", 41.85003, -87.65005, "America/Chicago", 2_720_546),
]

private func place(
    _ name: String, _ code: String, _ division: String, _ country: String, _ lat: Double, _ lon: Double,
    _ zone: String, _ population: Int
) -> Place {
    Place(
        name: name, admin1Code: code, admin1Name: division, countryCode: country,
        coordinate: Coordinate(latitude: lat, longitude: lon), timeZone: zone, population: population)
}

private func fixture() throws -> Gazetteer {
    try Gazetteer(tsv: PlacesTSV.encode(fixturePlaces, comments: ["test fixture"]))
}

private func found(_ resolution: PlaceResolution) -> (Place, [Place])? {
    if case .found(let place, let alternatives) = resolution { return (place, alternatives) }
    return nil
}

@Suite("Gazetteer")
struct GazetteerTests {
    @Test("the TSV form keeps every field of every place, coordinates to four decimals")
    func roundTrip() throws {
        let decoded = try PlacesTSV.decode(PlacesTSV.encode(fixturePlaces, comments: ["x"]))
        try #require(decoded.count == fixturePlaces.count)
        for (read, written) in zip(decoded, fixturePlaces) {
            var expected = written
            expected.coordinate = read.coordinate
            #expect(read == expected)
            #expect(abs(read.coordinate.latitude - written.coordinate.latitude) <= 0.00005)
            #expect(abs(read.coordinate.longitude - written.coordinate.longitude) <= 0.00005)
        }
    }

    @Test("a name with a state abbreviation picks that state's place, with no alternatives")
    func nameWithState() throws {
        let result = found(try fixture().resolve("Des Moines, IA"))
        #expect(result?.0.admin1Code == "IA")
        #expect(result?.1.isEmpty == true)
    }

    @Test("the smaller place of a shared name is reachable through its state")
    func smallerPlaceByState() throws {
        #expect(found(try fixture().resolve("Des Moines, WA"))?.0.timeZone == "America/Los_Angeles")
    }

    @Test("a bare ambiguous name picks the most populous place and lists the others")
    func ambiguousByPopulation() throws {
        let result = found(try fixture().resolve("des moines"))
        #expect(result?.0.admin1Code == "IA")
        #expect(result?.1.map(\.admin1Code) == ["WA"])
    }

    @Test("accents are folded: Montreal finds Montréal")
    func accentFolding() throws {
        #expect(found(try fixture().resolve("Montreal"))?.0.name == "Montréal")
        #expect(found(try fixture().resolve("MONTRÉAL, qc"))?.0.admin1Code == "QC")
    }

    @Test("Canadian and Mexican abbreviations, full division names and a country qualify a name")
    func qualifiers() throws {
        let g = try fixture()
        #expect(found(g.resolve("Toronto, ON"))?.0.countryCode == "CA")
        #expect(found(g.resolve("Springfield, Missouri"))?.0.admin1Code == "MO")
        #expect(found(g.resolve("Mexico City, CDMX"))?.0.admin1Code == "CMX")
        #expect(found(g.resolve("Toronto, Canada"))?.0.name == "Toronto")
        #expect(found(g.resolve("Chicago, Illinois"))?.0.admin1Code == "IL")
    }

    @Test("a qualifier may follow the name without a comma")
    func qualifierWithoutComma() throws {
        #expect(found(try fixture().resolve("Toronto ON"))?.0.admin1Code == "ON")
        #expect(found(try fixture().resolve("springfield illinois"))?.0.admin1Code == "IL")
    }

    @Test("St. and Saint are the same word")
    func saintAbbreviation() throws {
        #expect(found(try fixture().resolve("St. Paul, MN"))?.0.name == "Saint Paul")
    }

    @Test("a misspelt name is not found but gets close spellings as suggestions")
    func typoSuggestions() throws {
        guard case .notFound(let suggestions) = try fixture().resolve("Chicgo") else {
            Issue.record("a misspelling must not resolve")
            return
        }
        #expect(suggestions.first?.name == "Chicago")
    }

    @Test("a state that has no place of that name is not found, and the name's places are suggested")
    func wrongState() throws {
        guard case .notFound(let suggestions) = try fixture().resolve("Des Moines, TX") else {
            Issue.record("Des Moines, TX does not exist")
            return
        }
        #expect(Set(suggestions.map(\.admin1Code)) == ["IA", "WA"])
    }

    @Test("an empty query finds nothing and suggests nothing")
    func emptyQuery() throws {
        #expect(try fixture().resolve("  ") == .notFound(suggestions: []))
    }

    @Test("nearest returns the closest place to a coordinate")
    func nearest() throws {
        let wrigley = Coordinate(latitude: 41.9479, longitude: -87.6558)
        #expect(try fixture().nearest(to: wrigley)?.name == "Chicago")
        #expect(Gazetteer(places: []).nearest(to: wrigley) == nil)
    }

    @Test("a night's town is the most populous place within reach, else the nearest place")
    func town() throws {
        // 10 miles from Des Moines, IA: the city, not whichever place is closest.
        let beside = Coordinate(latitude: 41.60054 + 10 / 69, longitude: -93.60911)
        let g = try fixture()
        #expect(g.town(near: beside)?.label == "Des Moines, IA")
        // Open prairie far from any fixture place: the nearest one, however far.
        let prairie = Coordinate(latitude: 40.5, longitude: -91.5)
        #expect(g.town(near: prairie)?.label == "Springfield, IL")
        #expect(Gazetteer(places: []).town(near: beside) == nil)
    }

    @Test("a malformed line is reported with its line number")
    func malformedLine() {
        #expect(throws: GazetteerError.malformedLine(number: 2, reason: "a number is not readable")) {
            try Gazetteer(tsv: "Z\tAmerica/Chicago\nP\tX\tUS\tIA\tnorth\t-93.6\t0\t5\n")
        }
        #expect(throws: GazetteerError.unknownZoneIndex(line: 1, index: 3)) {
            try Gazetteer(tsv: "P\tX\tUS\tIA\t41.6\t-93.6\t3\t5\n")
        }
    }
}

/// The shipped `Data/places.tsv`, found from this file's path.
@Suite("Shipped places")
struct ShippedPlacesTests {
    static let gazetteer: Gazetteer? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        guard let text = try? String(contentsOf: root.appendingPathComponent("Data/places.tsv"), encoding: .utf8) else {
            return nil
        }
        return try? Gazetteer(tsv: text)
    }()

    @Test("the shipped table loads")
    func loads() throws {
        let g = try #require(Self.gazetteer)
        #expect(g.places.count > 29_000)
    }

    @Test("the issue's examples resolve in the shipped table")
    func issueExamples() throws {
        let g = try #require(Self.gazetteer)
        #expect(found(g.resolve("Des Moines, IA"))?.0.timeZone == "America/Chicago")
        #expect(found(g.resolve("des moines"))?.0.admin1Code == "IA")
        #expect(found(g.resolve("Montreal"))?.0.admin1Code == "QC")
        #expect(found(g.resolve("Toronto, ON"))?.0.timeZone == "America/Toronto")
        #expect(found(g.resolve("Chicago, Illinois"))?.0.admin1Name == "Illinois")
    }

    @Test("a night on the road near a city is spent in the city, not the closest suburb")
    func townNearACity() throws {
        let g = try #require(Self.gazetteer)
        // 8 miles north-east of downtown Des Moines, on I-35/I-80.
        let interstate = Coordinate(latitude: 41.68, longitude: -93.50)
        #expect(g.nearest(to: interstate)?.label != "Des Moines, IA")
        #expect(g.town(near: interstate)?.label == "Des Moines, IA")
    }

    @Test("every place has a zone Foundation knows")
    func zonesAreKnown() throws {
        let g = try #require(Self.gazetteer)
        let unknown = Set(g.places.map(\.timeZone)).filter { TimeZone(identifier: $0) == nil }
        #expect(unknown.isEmpty, "unknown zones: \(unknown.sorted())")
    }
}
