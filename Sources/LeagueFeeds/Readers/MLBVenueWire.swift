import TripsModel

extension MLBScheduleWire {
    /// A venue as the schedule (hydrated with `venue(location,timezone)`) or the venues endpoint
    /// (`hydrate=location,timezone`) states it. Every part but the id and name is read leniently:
    /// a location the reader cannot use leaves the venue unlocated, never the schedule unread.
    struct Venue: Decodable {
        var id: Int?
        var name: String?
        var location: Location?
        var timeZone: Zone?

        enum CodingKeys: String, CodingKey { case id, name, location, timeZone }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(Int.self, forKey: .id)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            location = try? container.decodeIfPresent(Location.self, forKey: .location)
            timeZone = try? container.decodeIfPresent(Zone.self, forKey: .timeZone)
        }

        /// The venue in the feeds' normal form: a coordinate only when it is one.
        var feedVenue: FeedVenue? {
            guard let name, !name.isEmpty else { return nil }
            let point = location?.defaultCoordinates.flatMap { c -> Coordinate? in
                guard let latitude = c.latitude, let longitude = c.longitude else { return nil }
                let point = Coordinate(latitude: latitude, longitude: longitude)
                return point.isValid && !(latitude == 0 && longitude == 0) ? point : nil
            }
            return FeedVenue(
                id: id.map(String.init), name: name, city: location?.city,
                state: location?.stateAbbrev ?? location?.state, country: location?.country, coordinate: point,
                timeZone: timeZone?.id)
        }
    }

    struct Location: Decodable {
        var city: String?
        var state: String?
        var stateAbbrev: String?
        var country: String?
        var defaultCoordinates: Coordinates?
    }

    struct Coordinates: Decodable {
        var latitude: Double?
        var longitude: Double?
    }

    struct Zone: Decodable {
        var id: String?
    }

    /// `/api/v1/venues`' answer.
    struct VenueList: Decodable {
        var venues: [Venue]
    }
}
