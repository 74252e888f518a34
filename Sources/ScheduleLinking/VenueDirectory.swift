import LeagueFeeds
import TripsModel

/// The cloud's stadiums by name and alias, and the Stadium records a publish adds for venues
/// the cloud does not know (an international or special-event site): the feed's name and zone,
/// a location from the feed or else the gazetteer (US, Canada and Mexico only: "London" with no
/// country must not become London, Ontario), marked approximate unless the feed gave
/// coordinates. Never the home team's park: a venue nobody places gets no record. A game never
/// points to a missing stadium.
struct VenueDirectory {
    private var byKey: [String: Set<String>] = [:]
    private var known: Set<String> = []
    /// Loaded on the first unknown venue only: 29,000 places are not read for a run without one.
    private let loadGazetteer: @Sendable () -> Gazetteer?
    private var gazetteer: Gazetteer??
    /// Stadiums made for unknown venues, by the feed venue's key (one per venue per run).
    private(set) var added: [String: Stadium] = [:]
    private var stadiumsById: [String: Stadium] = [:]

    init(stadiums: [Stadium], aliases: [StadiumAlias], gazetteer: @escaping @Sendable () -> Gazetteer?) {
        self.loadGazetteer = gazetteer
        for stadium in stadiums {
            known.insert(stadium.id)
            stadiumsById[stadium.id] = stadium
            byKey[NameKey.match(stadium.name), default: []].insert(stadium.id)
        }
        for alias in aliases where known.contains(alias.stadiumId) {
            byKey[NameKey.match(alias.value), default: []].insert(alias.stadiumId)
        }
    }

    /// A stadium of the cloud this venue's name or alias names (one only).
    func known(_ venue: FeedVenue) -> String? {
        guard let ids = byKey[NameKey.match(venue.name)], ids.count == 1 else { return nil }
        return ids.first
    }

    func stadium(_ id: String) -> Stadium? { stadiumsById[id] ?? added.values.first { $0.id == id } }

    /// The stadium id of `venue`: a known one by name or alias, else a new record made here
    /// (the caller first tries the home park for a home game: see `ScheduleNormalisation`);
    /// nil when nothing places it.
    mutating func resolve(_ venue: FeedVenue, league: String) -> String? {
        if let id = known(venue) { return id }
        if let made = added[venue.key] { return made.id }
        guard let stadium = newStadium(venue, league: league) else { return nil }
        added[venue.key] = stadium
        return stadium.id
    }

    /// Countries the gazetteer covers, as feeds spell them.
    static let gazetteerCountries: Set<String> = [
        "us", "usa", "united states", "united states of america", "ca", "can", "canada", "mx", "mex", "mexico",
        "méxico",
    ]

    private mutating func newStadium(_ venue: FeedVenue, league: String) -> Stadium? {
        let slug = NameKey.slug(venue.name)
        let base = "stadium_" + (slug.isEmpty ? "venue" : slug)
        var id = base
        var n = 2
        while known.contains(id) || added.values.contains(where: { $0.id == id }) {
            id = "\(base)_\(n)"
            n += 1
        }
        // Without a country, only a city with its state or province is looked up.
        let inGazetteer =
            venue.country.map { Self.gazetteerCountries.contains($0.lowercased()) } ?? (venue.state != nil)
        var place: Place?
        if let city = venue.city, inGazetteer {
            if gazetteer == nil { gazetteer = .some(loadGazetteer()) }
            let name = [city, venue.state].compactMap { $0 }.joined(separator: ", ")
            if case .found(let found, _)? = (gazetteer ?? nil)?.resolve(name) { place = found }
        }
        guard let location = venue.coordinate ?? place?.coordinate, let zone = venue.timeZone ?? place?.timeZone
        else { return nil }
        return Stadium(
            id: id, name: venue.name, city: venue.city ?? place?.name ?? "",
            state: venue.state ?? place?.admin1Code ?? "", country: venue.country ?? place?.countryCode ?? "",
            location: location, timeZone: zone, sports: [league], locationIsApproximate: venue.coordinate == nil)
    }
}
