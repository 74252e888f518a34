import Foundation
import TripsModel
import TripsZones

/// Puts a building on the map: its city, state, country and time zone. North-American
/// venues take these from the gazetteer (the nearest place, or the nearest place bearing the
/// city's name); venues abroad must state their zone explicitly.
struct StadiumPlacer: Sendable {
    let gazetteer: Gazetteer

    /// How far the nearest gazetteer place may be before a venue counts as outside its area.
    static let maximumPlaceMiles = 60.0

    func stadium(
        id: String, name: String, facts: VenueFacts, fallbackCity: String?, sports: [String]
    ) throws(ImportError) -> Stadium {
        guard let coordinate = facts.coordinate else {
            throw .unknownVenues(names: ["\(sports.joined(separator: ",")): \(name)"])
        }
        let nearest = gazetteer.nearest(to: coordinate)
        let isLocal = nearest.map { $0.coordinate.miles(to: coordinate) <= StadiumPlacer.maximumPlaceMiles } ?? false
        let city = facts.city ?? fallbackCity ?? (isLocal ? nearest?.name : nil) ?? ""
        // The place of that name closest to the venue gives the state ("Kansas City" → MO).
        let cityKey = NameKey.match(city)
        let named = gazetteer.nearest(to: coordinate) { NameKey.match($0.name) == cityKey }
        let place = named.flatMap { $0.coordinate.miles(to: coordinate) <= 40 ? $0 : nil } ?? (isLocal ? nearest : nil)
        guard let zone = facts.timeZone ?? place?.timeZone, ZoneDatabase.system.zone(zone) != nil else {
            throw .venueWithoutZone(name: name)
        }
        return Stadium(
            id: id, name: name, city: city, state: facts.state ?? place?.admin1Code ?? "",
            country: facts.country ?? place?.countryCode ?? "", location: coordinate, timeZone: zone,
            capacity: facts.capacity, yearOpened: facts.yearOpened, sports: sports,
            locationIsApproximate: facts.coordinateIsApproximate)
    }
}
