import Foundation
import TripsModel

/// The other raw venue tables with coordinates: NFL stadiums (nflmatchups), NBA arenas
/// (kennethday8, 2019-20 names) and MLS stadiums (mysoccerpassport).
enum VenueTables {
    static let nflPath = "nflmatchups-712apples/stadiums.json"
    static let nbaPath = "kennethday8-nba/arenas.csv"
    static let mlsPath = "mysoccerpassport-tkirk21/arenas.json"

    /// NFL stadiums; names such as "Wembley Stadium (London)" carry the city in parentheses.
    static func nfl(raw: RawDirectory) throws(ImportError) -> [VenueFacts] {
        struct File: Decodable {
            struct Stadium: Decodable {
                var name: String
                var lat: Double
                var lon: Double
            }
            var stadiums: [String: Stadium]
        }
        let file = try raw.decode(File.self, from: nflPath)
        var seen = Set<String>()
        return file.stadiums.keys.sorted().compactMap { key in
            let s = file.stadiums[key]!
            let (name, city) = VenueName.strippingQualifier(s.name)
            guard seen.insert(NameKey.match(name)).inserted else { return nil }
            return VenueFacts(
                name: name, coordinate: Coordinate(latitude: s.lat, longitude: s.lon), city: city, source: nflPath)
        }
    }

    /// NBA arenas under their 2019-20 names; the hand-made table links today's names to them.
    static func nba(raw: RawDirectory) throws(ImportError) -> [VenueFacts] {
        var seen = Set<String>()
        return try raw.csv(nbaPath).records.compactMap { row in
            guard let name = row["arena"], seen.insert(NameKey.match(name)).inserted,
                let lat = row["lat"].flatMap(Double.init), let lon = row["long"].flatMap(Double.init)
            else { return nil }
            return VenueFacts(
                name: name, coordinate: Coordinate(latitude: lat, longitude: lon), city: row["city"],
                country: row["country"].flatMap(Country.alpha2), source: nbaPath)
        }
    }

    /// MLS stadiums (the file also lists other leagues' grounds, which are skipped).
    static func mls(raw: RawDirectory) throws(ImportError) -> [VenueFacts] {
        struct Arena: Decodable {
            var arena: String
            var city: String?
            var latitude: Double?
            var longitude: Double?
            var league: String?
            var capacity: Int?
        }
        let arenas = try raw.decode([Arena].self, from: mlsPath)
        return arenas.filter { $0.league == "MLS" }.map { a in
            let coordinate = a.latitude.flatMap { lat in a.longitude.map { Coordinate(latitude: lat, longitude: $0) } }
            let city = a.city?.components(separatedBy: ", ").first
            return VenueFacts(name: a.arena, coordinate: coordinate, city: city, capacity: a.capacity, source: mlsPath)
        }
    }
}
