import FoundationEssentials
import Glibc
import InputText

/// The places of the US, Canada and Mexico, searchable by name and by position: it turns
/// "Des Moines, IA" into a coordinate for the planner, and a venue's coordinate into its
/// city and time zone for the importer.
///
/// Pure and immutable: it is built from the text of `Data/places.tsv` (see `PlacesTSV`);
/// reading the file is the caller's business. Building it parses and indexes every row once
/// (a few milliseconds), so a command that needs places pays for it only when it asks.
public struct Gazetteer: Sendable {
    /// Every place, in file order.
    public let places: [Place]
    /// Folded name → indices into `places`, most populous first.
    private let byName: [String: [Int]]
    /// Folded division code or name ("ia", "iowa", "on", "ontario") → (country, code).
    private let divisions: [String: [Division]]

    private struct Division: Sendable, Hashable {
        var country: String
        var code: String
    }

    public init(tsv: String) throws(GazetteerError) {
        self.init(places: try PlacesTSV.decode(tsv))
    }

    public init(places: [Place]) {
        self.places = places
        var byName: [String: [Int]] = [:]
        byName.reserveCapacity(places.count)
        var divisions: [String: Set<Division>] = [:]
        var seenDivisions = Set<Division>()
        var shared: [String] = []
        var previous: Division?
        for (i, place) in places.enumerated() {
            let key = PlaceKey.of(place.name)
            byName[key, default: []].append(i)
            if byName[key]?.count == 2 { shared.append(key) }
            // Rows come grouped by division: hash each division once.
            if previous?.country == place.countryCode && previous?.code == place.admin1Code { continue }
            let division = Division(country: place.countryCode, code: place.admin1Code)
            previous = division
            if seenDivisions.insert(division).inserted {
                divisions[PlaceKey.of(place.admin1Code), default: []].insert(division)
                divisions[PlaceKey.of(place.admin1Name), default: []].insert(division)
            }
        }
        for (alternate, (country, code)) in Gazetteer.alternateDivisionNames {
            divisions[alternate, default: []].insert(Division(country: country, code: code))
        }
        for (name, country) in Gazetteer.countryNames {
            for division in seenDivisions where division.country == country {
                divisions[name, default: []].insert(division)
            }
        }
        // Nicknames point at the most populous place they stand for; a nickname that is also a
        // real place's name lists both, most populous first.
        for (nickname, target) in PlaceNicknames.table {
            let targetKey = PlaceKey.of(target.name)
            guard
                let index = byName[targetKey]?.filter({
                    places[$0].admin1Code == target.admin1Code && places[$0].countryCode == target.countryCode
                }).max(by: { places[$0].population < places[$1].population })
            else { continue }
            let key = PlaceKey.of(nickname)
            guard byName[key]?.contains(index) != true else { continue }
            byName[key, default: []].append(index)
            if byName[key]?.count == 2 { shared.append(key) }
        }
        for key in shared {
            byName[key]!.sort { places[$0].population > places[$1].population }
        }
        self.byName = byName
        self.divisions = divisions.mapValues { Array($0) }
    }

    /// Other ways people write some divisions (hand-made): old and local abbreviations.
    static let alternateDivisionNames: [String: (String, String)] = [
        "pq": ("CA", "QC"), "que": ("CA", "QC"), "nfld": ("CA", "NL"), "cdmx": ("MX", "CMX"), "df": ("MX", "CMX"),
        "ciudad de mexico": ("MX", "CMX"), "edomex": ("MX", "MEX"), "d c": ("US", "DC"),
    ]

    /// A country as a qualifier: "Toronto, Canada".
    static let countryNames: [String: String] = [
        "us": "US", "usa": "US", "united states": "US", "ca": "CA", "canada": "CA", "mx": "MX", "mexico": "MX",
    ]

    /// Finds the place a fan means: "Des Moines, IA", "des moines", "Montreal",
    /// "Toronto, ON", "Chicago, Illinois", "Toronto ON". Several places of one name are told
    /// apart by the division (or country) given, else by population — the others are returned
    /// as `alternatives` so a caller can say which one it assumed. A name not found gets
    /// suggestions of close spellings.
    public func resolve(_ query: String) -> PlaceResolution {
        let trimmed = query.trimmed
        guard !trimmed.isEmpty else { return .notFound(suggestions: []) }
        if let comma = trimmed.lastIndex(of: ",") {
            let name = PlaceKey.of(String(trimmed[..<comma]))
            let qualifier = PlaceKey.of(String(trimmed[trimmed.index(after: comma)...]))
            return resolve(name: name, qualifier: qualifier.isEmpty ? nil : qualifier)
        }
        let key = PlaceKey.of(trimmed)
        if byName[key] != nil { return resolve(name: key, qualifier: nil) }
        // "Toronto ON", "des moines iowa", "Saint John New Brunswick": the last words may be a division.
        let words = key.split(separator: " ")
        for count in stride(from: min(3, words.count - 1), through: 1, by: -1) {
            let name = words.dropLast(count).joined(separator: " ")
            let qualifier = words.suffix(count).joined(separator: " ")
            if divisions[qualifier] != nil, byName[name] != nil { return resolve(name: name, qualifier: qualifier) }
        }
        return .notFound(suggestions: suggestions(for: key))
    }

    private func resolve(name: String, qualifier: String?) -> PlaceResolution {
        guard let all = byName[name] else { return .notFound(suggestions: suggestions(for: name)) }
        var candidates = all
        if let qualifier {
            let wanted = Set(divisions[qualifier] ?? [])
            candidates = all.filter {
                wanted.contains(Division(country: places[$0].countryCode, code: places[$0].admin1Code))
            }
            // A qualifier that rules out every place of that name: offer those places instead.
            if candidates.isEmpty { return .notFound(suggestions: all.prefix(5).map { places[$0] }) }
        }
        let pick = places[candidates[0]]
        return .found(pick, alternatives: candidates.dropFirst().map { places[$0] })
    }

    /// Close spellings, most plausible first: by edit distance, then population.
    private func suggestions(for key: String, limit: Int = 5) -> [Place] {
        guard !key.isEmpty else { return [] }
        let length = key.count
        var scored: [(distance: Int, population: Int, index: Int)] = []
        for (name, indices) in byName where abs(name.count - length) <= max(1, length / 3) || name.hasPrefix(key) {
            guard EditDistance.isPlausible(key, name) else { continue }
            let best = indices[0]
            scored.append((EditDistance.between(key, name), places[best].population, best))
        }
        scored.sort { ($0.distance, -$0.population, $0.index) < ($1.distance, -$1.population, $1.index) }
        return scored.prefix(limit).map { places[$0.index] }
    }

    /// The place closest to `coordinate` (great-circle), or nil for an empty gazetteer.
    public func nearest(to coordinate: Coordinate) -> Place? {
        nearest(to: coordinate, where: { _ in true })
    }

    /// Where a fan would spend a night near `coordinate`: the most populous place within
    /// `miles`, else the nearest place. The point where a day's driving ends is an estimate on
    /// the great circle, so a town with beds a few minutes off it reads truer than the hamlet
    /// that happens to be closest ("Des Moines, IA", not a crossroads beside the interstate).
    public func town(near coordinate: Coordinate, within miles: Double = 25) -> Place? {
        let scale = cos(coordinate.latitude * .pi / 180)
        // Degrees of latitude per mile: a cheap box test before the exact distance.
        let degrees = miles / 69
        var best: Place?
        for place in places where abs(place.coordinate.latitude - coordinate.latitude) <= degrees {
            var dLon = abs(place.coordinate.longitude - coordinate.longitude)
            if dLon > 180 { dLon = 360 - dLon }
            guard dLon * scale <= degrees, place.coordinate.miles(to: coordinate) <= miles else { continue }
            if place.population > best?.population ?? -1 { best = place }
        }
        return best ?? nearest(to: coordinate)
    }

    /// The closest place that satisfies `isIncluded`. Compares an equirectangular
    /// approximation (exact enough at city scale, and no trigonometry per place).
    public func nearest(to coordinate: Coordinate, where isIncluded: (Place) -> Bool) -> Place? {
        let scale = cos(coordinate.latitude * .pi / 180)
        var best: Place?
        var bestDistance = Double.infinity
        for place in places {
            let dLat = place.coordinate.latitude - coordinate.latitude
            var dLon = abs(place.coordinate.longitude - coordinate.longitude)
            if dLon > 180 { dLon = 360 - dLon }
            let distance = dLat * dLat + (dLon * scale) * (dLon * scale)
            if distance < bestDistance, isIncluded(place) {
                bestDistance = distance
                best = place
            }
        }
        return best
    }
}
