/// A populated place of the US, Canada or Mexico (GeoNames, CC BY 4.0): where a trip starts
/// ("Chicago, IL") and how a venue finds its city and time zone.
public struct Place: Sendable, Hashable {
    public var name: String
    /// First-level division as people write it: "IL", "ON" (postal), "CMX" (ISO 3166-2:MX).
    public var admin1Code: String
    public var admin1Name: String
    /// ISO 3166-1 alpha-2: US, CA, MX.
    public var countryCode: String
    public var coordinate: Coordinate
    /// IANA zone.
    public var timeZone: String
    public var population: Int

    public init(
        name: String, admin1Code: String, admin1Name: String, countryCode: String,
        coordinate: Coordinate, timeZone: String, population: Int
    ) {
        self.name = name
        self.admin1Code = admin1Code
        self.admin1Name = admin1Name
        self.countryCode = countryCode
        self.coordinate = coordinate
        self.timeZone = timeZone
        self.population = population
    }

    /// "Des Moines, IA": how a fan would write it, and unambiguous enough for a prompt.
    public var label: String { "\(name), \(admin1Code)" }
}
