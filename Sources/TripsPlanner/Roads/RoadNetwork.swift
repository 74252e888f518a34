import TripsModel

/// Which road network a place is on, so a planner never drives across an ocean (an MLB series
/// at the Tokyo Dome, an NFL game in London or an NBA game in Paris are seen only by a trip that
/// starts there). Coarse boxes are enough: venues sit in a handful of regions far apart.
enum RoadNetwork: Hashable, Sendable {
    /// Canada, the US mainland, Mexico and Central America (the Darién Gap ends it).
    case northAmerica
    case southAmerica
    /// Continental Europe with Great Britain (the Channel Tunnel carries cars).
    case europe
    /// Anywhere else: each 10° cell is its own island (Japan, Australia, Hawaii …).
    case island(latitudeCell: Int, longitudeCell: Int)

    init(_ place: Coordinate) {
        let (lat, lon) = (place.latitude, place.longitude)
        if lon < -150 && lat < 30 {
            self = .island(latitudeCell: Self.cell(lat), longitudeCell: Self.cell(lon))
        } else if lon >= -170 && lon <= -50 && lat >= 7.2 {
            self = .northAmerica
        } else if lon >= -95 && lon <= -30 && lat < 7.2 {
            self = .southAmerica
        } else if lon >= -25 && lon <= 45 && lat >= 34 {
            self = .europe
        } else {
            self = .island(latitudeCell: Self.cell(lat), longitudeCell: Self.cell(lon))
        }
    }

    private static func cell(_ degrees: Double) -> Int { Int((degrees / 10).rounded(.down)) }
}
