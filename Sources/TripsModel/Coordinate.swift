import FoundationEssentials
import Glibc

/// A point on the earth in degrees (WGS 84).
public struct Coordinate: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Both values within their ranges (−90…90, −180…180) and finite.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude)
            && (-180...180).contains(longitude)
    }

    /// Mean earth radius in statute miles (IUGG mean radius 6371.0088 km).
    public static let earthRadiusMiles = 3958.7613

    /// Great-circle distance (haversine), in miles. Driving distance is this times a road factor.
    public func miles(to other: Coordinate) -> Double {
        let toRadians = Double.pi / 180
        let lat1 = latitude * toRadians
        let lat2 = other.latitude * toRadians
        let dLat = lat2 - lat1
        let dLon = (other.longitude - longitude) * toRadians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * Coordinate.earthRadiusMiles * asin(min(1, a.squareRoot()))
    }
}
