import FoundationEssentials
import Glibc
import OutputText
import TripsModel
import TripsPlanner

/// The plan on a map. GeoJSON (RFC 7946): per option a Point for each game (matchup, venue,
/// local date and time) and each night on the road (its town), and a LineString for each
/// drive through its overnight stops; every feature says which option it belongs to. GPX 1.1:
/// waypoints for the games and overnight stops, and one route per option from the start
/// through every venue and stop to the end — what GPS devices and map apps import.
extension ItineraryRenderer {
    public func geojson() -> JSONDocument {
        var features: [JSONDocument] = []
        for (index, trip) in result.itineraries.enumerated() {
            let option = index + 1
            for stop in trip.stops {
                features.append(
                    Self.feature(
                        .point(stop.game.stadium.location),
                        properties: [("option", .int(option)), ("kind", .string("game"))] + gameProperties(stop)))
            }
            for leg in trip.legs {
                if let flight = leg.flight {
                    features += Self.flightFeatures(leg, flight, option: option)
                    continue
                }
                guard leg.isDrive else { continue }
                for night in leg.overnightStops {
                    features.append(
                        Self.feature(
                            .point(night.location),
                            properties: [
                                ("option", .int(option)), ("kind", .string("overnight")),
                                ("name", .string("Sleep in \(towns.label(at: night.location))")),
                                ("stop", .string(ISO8601.string(night.stopAt))),
                                ("resume", .string(ISO8601.string(night.resumeAt))),
                            ]))
                }
                let path = [leg.from.coordinate] + leg.overnightStops.map(\.location) + [leg.to.coordinate]
                features.append(
                    Self.feature(
                        .line(path),
                        properties: [
                            ("option", .int(option)), ("kind", .string("drive")), ("from", .string(leg.from.name)),
                            ("to", .string(leg.to.name)), ("miles", .double(Self.round(leg.miles, 1))),
                            ("hours", .double(Self.round(leg.driveHours, 2))),
                            ("departure", .string(ISO8601.string(leg.departure))),
                            ("arrival", .string(ISO8601.string(leg.arrival))),
                        ]))
            }
        }
        return .object([("type", .string("FeatureCollection")), ("features", .array(features))])
    }

    public func gpx() -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="trips" xmlns="http://www.topografix.com/GPX/1/1">
              <metadata>
                <name>\(Self.xml("trips plan: \(inputs.request.from) to \(inputs.request.to)"))</name>
                <time>\(ISO8601.string(now))</time>
              </metadata>

            """
        var routes = ""
        for (index, trip) in result.itineraries.enumerated() {
            let option = "Option \(index + 1)"
            var points: [(Coordinate, String)] = []
            for stop in trip.stops {
                let parts = clock.parts(of: stop.expectedStart, zone: stop.game.stadium.timeZone)
                let name = PlanMessages.matchup(stop.game)
                let description =
                    "\(stop.game.stadium.name), \(parts.weekday) \(parts.date) \(parts.time) \(parts.zoneAbbreviation)"
                out += Self.waypoint(
                    stop.game.stadium.location, time: stop.expectedStart, name: "\(option): \(name)", description,
                    type: "game")
            }
            for leg in trip.legs {
                if let flight = leg.flight {
                    // A flight is its own straight route, apart from the roads either side.
                    points.append((flight.from.coordinate, flight.from.iata))
                    routes += Self.route("\(option): to \(flight.from.iata)", points)
                    routes += Self.route(
                        "\(option): fly \(flight.from.iata) → \(flight.to.iata) (estimated)",
                        [(flight.from.coordinate, flight.from.iata), (flight.to.coordinate, flight.to.iata)])
                    points = [(flight.to.coordinate, flight.to.iata), (leg.to.coordinate, leg.to.name)]
                    continue
                }
                guard leg.isDrive else { continue }
                if points.isEmpty { points.append((leg.from.coordinate, leg.from.name)) }
                for night in leg.overnightStops {
                    let town = "Sleep in \(towns.label(at: night.location))"
                    out += Self.waypoint(
                        night.location, time: night.stopAt, name: "\(option): \(town)", nil, type: "overnight")
                    points.append((night.location, town))
                }
                points.append((leg.to.coordinate, leg.to.name))
            }
            routes += Self.route(option, points)
        }
        return out + routes + "</gpx>\n"
    }

    /// A GPX route through `points` (none for fewer than two).
    private static func route(_ name: String, _ points: [(Coordinate, String)]) -> String {
        guard points.count > 1 else { return "" }
        var route = "  <rte>\n    <name>\(xml(name))</name>\n"
        for (point, label) in points {
            route += "    <rtept \(position(point))><name>\(xml(label))</name></rtept>\n"
        }
        return route + "  </rte>\n"
    }

    /// A flying leg on the map: the drive to the airport, the flight as a straight segment (kind
    /// "flight"), the drive on.
    private static func flightFeatures(_ leg: Leg, _ flight: LegFlight, option: Int) -> [JSONDocument] {
        func line(
            _ kind: String, _ from: (Coordinate, String), _ to: (Coordinate, String), _ depart: Date, _ arrive: Date
        )
            -> JSONDocument
        {
            feature(
                .line([from.0, to.0]),
                properties: [
                    ("option", .int(option)), ("kind", .string(kind)), ("from", .string(from.1)),
                    ("to", .string(to.1)), ("departure", .string(ISO8601.string(depart))),
                    ("arrival", .string(ISO8601.string(arrive))),
                ] + (kind == "flight" ? [("estimated", .bool(true))] : []))
        }
        let from = (flight.from.coordinate, flight.from.iata)
        let to = (flight.to.coordinate, flight.to.iata)
        return [
            line("drive", (leg.from.coordinate, leg.from.name), from, flight.setOff, flight.atAirport),
            line("flight", from, to, flight.departure, flight.arrival),
            line("drive", to, (leg.to.coordinate, leg.to.name), flight.outOfAirport, leg.arrival),
        ]
    }

    private func gameProperties(_ stop: ItineraryStop) -> [(String, JSONDocument)] {
        let parts = clock.parts(of: stop.expectedStart, zone: stop.game.stadium.timeZone)
        return [
            ("name", .string(PlanMessages.matchup(stop.game))), ("gameId", .string(stop.game.id)),
            ("venue", .string(stop.game.stadium.name)), ("localDate", .string(parts.date)),
            ("localTime", .string(parts.time)), ("timeZone", .string(stop.game.stadium.timeZone)),
            ("startTime", .string(ISO8601.string(stop.expectedStart))),
        ]
    }

    private enum Geometry {
        case point(Coordinate)
        case line([Coordinate])
    }

    private static func feature(_ geometry: Geometry, properties: [(String, JSONDocument)]) -> JSONDocument {
        let shape: JSONDocument
        switch geometry {
        case .point(let place):
            shape = .object([("type", .string("Point")), ("coordinates", position(place))])
        case .line(let places):
            shape = .object([("type", .string("LineString")), ("coordinates", .array(places.map(position)))])
        }
        return .object([("type", .string("Feature")), ("geometry", shape), ("properties", .object(properties))])
    }

    /// `[longitude, latitude]`, six decimals (about 10 cm; RFC 7946 §11.2).
    private static func position(_ place: Coordinate) -> JSONDocument {
        .array([.double(round(place.longitude, 6)), .double(round(place.latitude, 6))])
    }

    private static func position(_ place: Coordinate) -> String {
        "lat=\"" + Numeral.fixed(place.latitude, digits: 6) + "\" lon=\"" + Numeral.fixed(place.longitude, digits: 6)
            + "\""
    }

    /// A `<wpt>` with its `<time>` (the game's start, or when the fan stops for the night; UTC),
    /// before `<name>` as GPX 1.1's sequence orders them.
    private static func waypoint(
        _ place: Coordinate, time: Date, name: String, _ description: String?, type: String
    ) -> String {
        "  <wpt \(position(place))>\n    <time>\(ISO8601.string(time))</time>\n    <name>\(xml(name))</name>\n"
            + (description.map { "    <desc>\(xml($0))</desc>\n" } ?? "") + "    <type>\(type)</type>\n  </wpt>\n"
    }

    /// Text as XML character data or attribute value.
    static func xml(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // XML 1.0 has no place for other control characters (hostile data): dropped.
            case _ where character.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" }:
                continue
            default: out.append(character)
            }
        }
        return out
    }
}
