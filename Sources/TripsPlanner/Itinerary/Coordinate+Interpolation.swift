import FoundationEssentials
import Glibc
import TripsModel

extension Coordinate {
    /// The point `fraction` of the way along the great circle to `other` (0 = self, 1 = other):
    /// where an overnight stop roughly is.
    func interpolated(to other: Coordinate, fraction: Double) -> Coordinate {
        let radians = Double.pi / 180
        let lat1 = latitude * radians
        let lon1 = longitude * radians
        let lat2 = other.latitude * radians
        let lon2 = other.longitude * radians
        let angle = miles(to: other) / Coordinate.earthRadiusMiles
        guard angle > 1e-12 else { return self }
        let a = sin((1 - fraction) * angle) / sin(angle)
        let b = sin(fraction * angle) / sin(angle)
        let x = a * cos(lat1) * cos(lon1) + b * cos(lat2) * cos(lon2)
        let y = a * cos(lat1) * sin(lon1) + b * cos(lat2) * sin(lon2)
        let z = a * sin(lat1) + b * sin(lat2)
        return Coordinate(latitude: atan2(z, (x * x + y * y).squareRoot()) / radians, longitude: atan2(y, x) / radians)
    }
}
