import Foundation
import TripsModel

/// `geojson-ballparks/ballparks.json` (current names) and `legacy_ballpark.geojson` (older
/// names, more careful pins), both from cageyjames/GeoJSON-Ballparks.
///
/// PROVENANCE flags the current file's pins as approximate. Comparing the two files, every
/// park placed more than 0.3 km apart was wrong in the current file (Truist Park 7 km off,
/// Oracle Park 1.8 km, Chase Field 1.6 km, Citi Field 1 km, Las Vegas Ballpark 11 km …) and
/// right in the legacy file, checked against independent listings (e.g. `cmwedge/
/// FEWD-P5_NeighborhoodMap` js/models.js for Chase, Citi and AT&T Park; a public park-factor
/// table for Las Vegas Ballpark at 36.157, -115.329). So a building's legacy pin wins.
enum GeoJSONBallparks {
    static let currentPath = "geojson-ballparks/ballparks.json"
    static let legacyPath = "geojson-ballparks/legacy_ballpark.geojson"

    struct Park: Sendable {
        var team: String
        var name: String
        var isMajor: Bool
        var coordinate: Coordinate
    }

    /// Facts for every ballpark in either file, major-league parks first.
    static func venueFacts(raw: RawDirectory) throws(ImportError) -> [VenueFacts] {
        let current = try parks(raw: raw, path: currentPath, legacy: false)
        let legacy = try parks(raw: raw, path: legacyPath, legacy: true)
        var used = Set<Int>()
        var facts: [VenueFacts] = []
        for park in current.sorted(by: { $0.isMajor && !$1.isMajor }) {
            // The same building in the legacy file: same name, or (renamed) the same club's
            // major-league park within 2 km.
            let match = legacy.indices.first { i in
                let old = legacy[i]
                if NameKey.match(old.name) == NameKey.match(park.name) { return true }
                return park.isMajor && old.isMajor && old.team == park.team
                    && old.coordinate.miles(to: park.coordinate) < 1.25
            }
            var fact = VenueFacts(name: park.name, coordinate: park.coordinate, source: currentPath)
            if let match {
                used.insert(match)
                fact.coordinate = legacy[match].coordinate
                fact.source = legacyPath
                if NameKey.match(legacy[match].name) != NameKey.match(park.name) {
                    fact.otherNames.append(legacy[match].name)
                }
            }
            facts.append(fact)
        }
        for (i, park) in legacy.enumerated() where !used.contains(i) {
            facts.append(VenueFacts(name: park.name, coordinate: park.coordinate, source: legacyPath))
        }
        return facts
    }

    private struct Collection: Decodable {
        var features: [Feature]
    }

    private struct Feature: Decodable {
        var properties: [String: JSONText]
        var geometry: Geometry
    }

    private struct Geometry: Decodable {
        var coordinates: [Double]
    }

    /// A property value that may be a string or a number.
    private struct JSONText: Decodable {
        var text: String
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let s = try? c.decode(String.self) {
                text = s
            } else if let d = try? c.decode(Double.self) {
                text = String(d)
            } else {
                text = ""
            }
        }
    }

    private static func parks(raw: RawDirectory, path: String, legacy: Bool) throws(ImportError) -> [Park] {
        let collection = try raw.decode(Collection.self, from: path)
        return collection.features.compactMap { feature in
            var p: [String: String] = [:]
            for (k, v) in feature.properties { p[k.lowercased()] = v.text }
            guard let name = p["stadium"] ?? p["ballpark"], !name.isEmpty else { return nil }
            let coordinate: Coordinate
            if legacy, let lat = p["lat"].flatMap(Double.init), let lon = p["long"].flatMap(Double.init) {
                // The legacy geometry has a few sign slips; its Lat/Long properties do not.
                coordinate = Coordinate(latitude: lat, longitude: lon)
            } else if feature.geometry.coordinates.count >= 2 {
                coordinate = Coordinate(
                    latitude: feature.geometry.coordinates[1], longitude: feature.geometry.coordinates[0])
            } else {
                return nil
            }
            guard coordinate.isValid else { return nil }
            let kind = p["class"] ?? ""
            return Park(
                team: p["team"] ?? "", name: name, isMajor: kind == "MLB" || kind == "Majors", coordinate: coordinate)
        }
    }
}
