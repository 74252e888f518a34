/// The text format of `Data/airports.tsv`, written by the importer and read by `AirportTable`.
///
/// `#` comment lines (credits, the column names), then one tab-separated line per airport:
/// ```
/// IAH  KIAH  George Bush Intercontinental Houston Airport  large  Houston  US-TX  US  29.9844  -95.3414  America/Chicago
/// iata icao  name                                          size   city     region country lat   lon       zone
/// ```
/// Only the city may be empty. Coordinates have four decimals (about 11 m), as in places.tsv.
public enum AirportsTSV {
    static let fieldCount = 10
    /// The comment line naming the columns, written under the caller's comments.
    static let columnsComment = "columns: iata icao name size city region country latitude longitude zone"

    /// Writes `airports` in the order given, with `comments` on top. Throws rather than write a
    /// row that would not read back (a tab in a name, an invalid coordinate).
    public static func encode(_ airports: [Airport], comments: [String]) throws(AirportsTSVError) -> String {
        var out = ""
        for line in comments + [columnsComment] { out += "# \(line)\n" }
        for airport in airports {
            let texts = [
                airport.iata, airport.icao, airport.name, airport.size.rawValue, airport.city, airport.region,
                airport.country, airport.zone,
            ]
            if let bad = texts.first(where: { $0.contains(where: \.isNewline) || $0.contains("\t") }) {
                throw .unwritable(iata: airport.iata, reason: "'\(bad)' holds a tab or a line break")
            }
            if let reason = problem(airport) { throw .unwritable(iata: airport.iata, reason: reason) }
            let latitude = PlacesTSV.fixed4(airport.coordinate.latitude)
            let longitude = PlacesTSV.fixed4(airport.coordinate.longitude)
            out += "\(airport.iata)\t\(airport.icao)\t\(airport.name)\t\(airport.size.rawValue)\t\(airport.city)\t"
            out += "\(airport.region)\t\(airport.country)\t\(latitude)\t\(longitude)\t\(airport.zone)\n"
        }
        return out
    }

    /// Reads every airport, in file order; the first bad line stops it, named by number.
    public static func decode(_ text: String) throws(AirportsTSVError) -> [Airport] {
        var airports: [Airport] = []
        var firstLine: [String: Int] = [:]
        // `isNewline` splits "\r\n" (one Character) as one break.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = index + 1
            if line.isEmpty || line.first == "#" { continue }
            let airport = try row(line.split(separator: "\t", omittingEmptySubsequences: false), line: number)
            if let first = firstLine[airport.iata] {
                throw .malformedLine(number: number, reason: "\(airport.iata) is already listed on line \(first)")
            }
            firstLine[airport.iata] = number
            airports.append(airport)
        }
        return airports
    }

    private static func row(_ cells: [Substring], line: Int) throws(AirportsTSVError) -> Airport {
        guard cells.count == fieldCount else {
            throw .malformedLine(
                number: line, reason: "expected \(fieldCount) tab-separated fields, found \(cells.count)")
        }
        let text = cells.map(String.init)
        guard let size = Airport.Size(rawValue: text[3]) else {
            throw .malformedLine(number: line, reason: "size '\(text[3])' is neither large nor medium")
        }
        let latitude = try degrees(text[7], limit: 90, what: "latitude", line: line)
        let longitude = try degrees(text[8], limit: 180, what: "longitude", line: line)
        let airport = Airport(
            iata: text[0], icao: text[1], name: text[2], size: size, city: text[4], region: text[5], country: text[6],
            coordinate: Coordinate(latitude: latitude, longitude: longitude), zone: text[9])
        if let reason = problem(airport) { throw .malformedLine(number: line, reason: reason) }
        return airport
    }

    /// A finite number of degrees within ±`limit`: "nan", "inf" and "1e300" are refused here,
    /// so nothing downstream converts them.
    private static func degrees(_ text: String, limit: Double, what: String, line: Int) throws(AirportsTSVError)
        -> Double
    {
        guard let value = Double(text), value.isFinite, (-limit...limit).contains(value) else {
            throw .malformedLine(
                number: line, reason: "\(what) '\(text)' is not a number from -\(Int(limit)) to \(Int(limit))")
        }
        return value
    }

    /// What is wrong with a row's text fields, if anything.
    private static func problem(_ airport: Airport) -> String? {
        let isUpper: (Character) -> Bool = { $0.isASCII && $0.isUppercase }
        if airport.iata.count != 3 || !airport.iata.allSatisfy(isUpper) {
            return "IATA code '\(airport.iata)' is not three capital letters"
        }
        if airport.icao.isEmpty { return "\(airport.iata) has no ICAO code" }
        if airport.name.isEmpty { return "\(airport.iata) has no name" }
        if airport.country.count != 2 || !airport.country.allSatisfy(isUpper) {
            return "country '\(airport.country)' is not a two-letter code"
        }
        if !airport.region.hasPrefix(airport.country + "-") || airport.region.count <= 3 {
            return "region '\(airport.region)' is not in country \(airport.country)"
        }
        if airport.zone.isEmpty || airport.zone.contains(" ") { return "zone '\(airport.zone)' is not a zone name" }
        if !airport.coordinate.isValid { return "\(airport.iata)'s coordinate is out of range" }
        return nil
    }
}
