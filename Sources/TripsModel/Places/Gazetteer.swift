/// The places of the US, Canada and Mexico, searchable by name and by position: it turns
/// "Des Moines, IA" into a coordinate for the planner, and a venue's coordinate into its
/// city and time zone for the importer.
///
/// Pure and immutable: it is built from the text of `Data/places.tsv` (see `PlacesTSV`);
/// reading the file is the caller's business.
public struct Gazetteer: Sendable {
    /// Every place, in file order.
    public let places: [Place]

    public init(tsv: String) throws(GazetteerError) {
        self.init(places: try PlacesTSV.decode(tsv))
    }

    public init(places: [Place]) {
        self.places = places
    }

    /// The place closest to `coordinate` (great-circle), or nil for an empty gazetteer.
    public func nearest(to coordinate: Coordinate) -> Place? {
        nearest(to: coordinate, where: { _ in true })
    }

    /// The closest place that satisfies `isIncluded`.
    public func nearest(to coordinate: Coordinate, where isIncluded: (Place) -> Bool) -> Place? {
        var best: Place?
        var bestMiles = Double.infinity
        for place in places where isIncluded(place) {
            let miles = coordinate.miles(to: place.coordinate)
            if miles < bestMiles {
                bestMiles = miles
                best = place
            }
        }
        return best
    }
}
