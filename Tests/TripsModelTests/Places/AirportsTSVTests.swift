import Testing

@testable import TripsModel

/// Four real airports (coordinates to four decimals, so they survive the format exactly).
private let fixtureAirports: [Airport] = [
    airport(
        "HOU", "KHOU", "William P Hobby Airport", .medium, "Houston", "US-TX", 29.6454, -95.2789, "America/Chicago"),
    airport(
        "IAH", "KIAH", "George Bush Intercontinental Houston Airport", .large, "Houston", "US-TX", 29.9844, -95.3414,
        "America/Chicago"),
    airport(
        "LOV", "MMMV", "Monclova International Airport", .medium, "", "MX-COA", 26.9557, -101.4700, "America/Monterrey"),
    airport(
        "YYZ", "CYYZ", "Lester B. Pearson International Airport", .large, "Toronto", "CA-ON", 43.6772, -79.6306,
        "America/Toronto"),
]

private func airport(
    _ iata: String, _ icao: String, _ name: String, _ size: Airport.Size, _ city: String, _ region: String,
    _ lat: Double, _ lon: Double, _ zone: String
) -> Airport {
    Airport(
        iata: iata, icao: icao, name: name, size: size, city: city, region: region, country: String(region.prefix(2)),
        coordinate: Coordinate(latitude: lat, longitude: lon), zone: zone)
}

/// A valid row with one field replaced: the field's index and its new text.
private func row(replacing index: Int, with text: String) -> String {
    var cells = ["IAH", "KIAH", "Houston Intercontinental", "large", "Houston", "US-TX", "US", "29.9844", "-95.3414"]
    cells.append("America/Chicago")
    cells[index] = text
    return cells.joined(separator: "\t")
}

private func decodeError(_ text: String) -> AirportsTSVError? {
    do throws(AirportsTSVError) {
        _ = try AirportsTSV.decode(text)
        return nil
    } catch { return error }
}

@Suite("Airports table format")
struct AirportsTSVTests {
    @Test("every field of every airport survives a round trip, and the text is stable")
    func roundTrip() throws {
        let text = try AirportsTSV.encode(fixtureAirports, comments: ["credits"])
        #expect(text.hasPrefix("# credits\n# columns: "))
        let decoded = try AirportsTSV.decode(text)
        #expect(decoded == fixtureAirports)
        #expect(try AirportsTSV.encode(decoded, comments: ["credits"]) == text)
    }

    @Test("the empty city of a row that gives none is kept empty")
    func emptyCity() throws {
        let decoded = try AirportsTSV.decode(try AirportsTSV.encode(fixtureAirports, comments: []))
        #expect(decoded.first { $0.iata == "LOV" }?.city == "")
        #expect(decoded.first { $0.iata == "LOV" }?.country == "MX")
    }

    @Test("CRLF line ends read like LF ones")
    func crlf() throws {
        let text = try AirportsTSV.encode(fixtureAirports, comments: ["x"]).replacing("\n", with: "\r\n")
        #expect(try AirportsTSV.decode(text) == fixtureAirports)
    }

    @Test(
        "a bad field is refused with its line number and what is wrong",
        arguments: [
            (7, "nan", "latitude 'nan'"), (7, "1e300", "latitude '1e300'"), (7, "91", "latitude '91'"),
            (7, "-90.5", "latitude '-90.5'"), (8, "inf", "longitude 'inf'"), (8, "-180.0001", "longitude"),
            (8, "", "longitude ''"), (7, "12,5", "latitude '12,5'"), (3, "small", "size 'small'"),
            (0, "IA", "IATA code 'IA'"), (0, "iah", "IATA code 'iah'"), (1, "", "no ICAO"), (2, "", "no name"),
            (6, "USA", "country 'USA'"), (5, "CA-ON", "region 'CA-ON'"), (9, "", "zone ''"),
        ])
    func badField(index: Int, text: String, message: String) throws {
        let file = "# header\n\n" + row(replacing: index, with: text) + "\n"
        let error = try #require(decodeError(file))
        guard case .malformedLine(let number, let reason) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(number == 3)
        #expect(reason.contains(message), "\(reason)")
        #expect(error.description.hasPrefix("airports table, line 3: "))
    }

    @Test("a line with the wrong number of fields, and a code listed twice, name their lines")
    func badLines() throws {
        let good = row(replacing: 0, with: "IAH")
        #expect(
            decodeError(good + "\nHOU\tKHOU\n")
                == .malformedLine(number: 2, reason: "expected 10 tab-separated fields, found 2"))
        #expect(
            decodeError(good + "\t\n")
                == .malformedLine(number: 1, reason: "expected 10 tab-separated fields, found 11"))
        #expect(
            decodeError("# x\n" + good + "\n" + good + "\n")
                == .malformedLine(number: 3, reason: "IAH is already listed on line 2"))
    }

    @Test("a row the format cannot hold is refused when writing, not written")
    func unwritable() {
        var tabbed = fixtureAirports[0]
        tabbed.name = "Hobby\tAirport"
        var far = fixtureAirports[0]
        far.coordinate = Coordinate(latitude: .nan, longitude: 0)
        for (airport, words) in [(tabbed, "tab"), (far, "out of range")] {
            #expect(throws: AirportsTSVError.self) { try AirportsTSV.encode([airport], comments: []) }
            do throws(AirportsTSVError) {
                _ = try AirportsTSV.encode([airport], comments: [])
            } catch {
                #expect(error.description.contains(words), "\(error)")
            }
        }
    }
}
