import FoundationEssentials
import Glibc
import InputText
import OutputText
import TripsModel
import TripsStore

/// A place the user named, resolved to a point: where a trip starts, or the centre of `--near`.
public struct ResolvedPlace: Sendable, Hashable {
    public var label: String
    public var coordinate: Coordinate
    public var timeZone: String

    public init(label: String, coordinate: Coordinate, timeZone: String) {
        self.label = label
        self.coordinate = coordinate
        self.timeZone = timeZone
    }
}

/// Turns "Chicago, IL", "Wrigley Field", "Cubs" or "41.88,-87.63" into a `ResolvedPlace`:
/// coordinates first, then a venue's exact or former name, then the gazetteer's cities,
/// then a team's home venue.
public struct PlaceInput {
    public var provider: DataProvider
    /// Where `places.tsv` is: the bundle.
    public var bundle: BundleLocator
    /// Says a note ("assuming Springfield, MO") where the user will see it.
    public var say: (String) -> Void
    /// Shared by the copies of this input: a place asked at a prompt and resolved again for the
    /// plan is looked up once, and its note ("assuming Springfield, MO") said once.
    private let known = KnownPlaces()

    public init(provider: DataProvider, bundle: BundleLocator, say: @escaping (String) -> Void) {
        self.provider = provider
        self.bundle = bundle
        self.say = say
    }

    /// The place `text` names; the first time, a note (`say`) when the name was ambiguous.
    public func resolve(_ text: String) throws -> ResolvedPlace {
        let (place, note) = try resolveNoting(text)
        if let note { say(note) }
        return place
    }

    /// The place `text` names and, the first time only, what was assumed ("assuming
    /// Springfield, MO (also: …)") for the caller to say where the question was asked.
    public func resolveNoting(_ text: String) throws -> (ResolvedPlace, note: String?) {
        if let place = known.places[text] { return (place, nil) }
        var note: String?
        let place = try lookUp(text) { note = $0 }
        known.places[text] = place
        return (place, note)
    }

    private func lookUp(_ text: String, note: (String) -> Void) throws -> ResolvedPlace {
        if let point = Self.coordinate(text) {
            let zone = try gazetteer().nearest(to: point)?.timeZone ?? "UTC"
            return ResolvedPlace(label: text.trimmed, coordinate: point, timeZone: zone)
        }
        let key = SearchKey.normalize(text)
        if let stadium = try provider.stadiums().first(where: { SearchKey.normalize($0.name) == key }) {
            return ResolvedPlace(label: stadium.name, coordinate: stadium.location, timeZone: stadium.timeZone)
        }
        if let match = try? provider.resolveStadium(text), match.alias != nil, !match.isPartial {
            return ResolvedPlace(
                label: match.stadium.name, coordinate: match.stadium.location, timeZone: match.stadium.timeZone)
        }
        switch try gazetteer().resolve(text) {
        case .found(let place, let alternatives):
            // Only places a fan might plausibly have meant: not hamlets sharing a big city's name.
            let others = alternatives.filter { $0.population * 20 >= place.population }
            if !others.isEmpty {
                note("assuming \(place.label) (also: \(others.prefix(3).map(\.label).joined(separator: ", ")))")
            }
            return ResolvedPlace(label: place.label, coordinate: place.coordinate, timeZone: place.timeZone)
        case .notFound(let suggestions):
            if let team = try? provider.resolveTeam(text).team, let id = team.stadiumId,
                let stadium = try provider.stadium(id: id)
            {
                return ResolvedPlace(
                    label: "\(stadium.name) (\(team.name))", coordinate: stadium.location, timeZone: stadium.timeZone)
            }
            if let match = try? provider.resolveStadium(text) {
                return ResolvedPlace(
                    label: match.stadium.name, coordinate: match.stadium.location, timeZone: match.stadium.timeZone)
            }
            throw PlaceError.unknown(text, suggestions: suggestions.prefix(3).map(\.label))
        }
    }

    /// "41.88,-87.63" (latitude, longitude in degrees).
    public static func coordinate(_ text: String) -> Coordinate? {
        let parts = text.split(separator: ",").map { String($0).trimmed }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else { return nil }
        let point = Coordinate(latitude: lat, longitude: lon)
        return point.isValid ? point : nil
    }

    private func gazetteer() throws -> Gazetteer {
        try PlaceInput.loadGazetteer(bundle)
    }

    /// Reads `places.tsv` from the bundle (only on the paths that need places).
    public static func loadGazetteer(_ bundle: BundleLocator) throws -> Gazetteer {
        try load("places.tsv", from: bundle) { text throws in try Gazetteer(tsv: text) }
    }

    /// Reads `airports.tsv` from the bundle (only on the paths that fly).
    public static func loadAirports(_ bundle: BundleLocator) throws -> AirportTable {
        try load("airports.tsv", from: bundle) { text throws in try AirportTable(tsv: text) }
    }

    /// A table file of the bundle, parsed; a missing or damaged file is `BundleError.unreadable`.
    private static func load<Table>(
        _ name: String, from bundle: BundleLocator, parse: (String) throws -> Table
    ) throws -> Table {
        let url = try bundle.locate().appendingPathComponent(name)
        do {
            return try parse(String(contentsOf: url, encoding: .utf8))
        } catch {
            throw BundleError.unreadable(path: url.path, reason: "\(error)")
        }
    }
}

/// The places one run has resolved, by the text typed.
private final class KnownPlaces {
    var places: [String: ResolvedPlace] = [:]
}

/// A place name that matches nothing (exit 2).
public enum PlaceError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknown(String, suggestions: [String])

    public var description: String {
        switch self {
        case .unknown(let text, let suggestions):
            if suggestions.isEmpty {
                return "unknown place '\(text)' — try \"City, ST\", a venue, a team, or \"lat,long\""
            }
            return "unknown place '\(text)' — did you mean \(suggestions.joined(separator: ", "))?"
        }
    }
}
