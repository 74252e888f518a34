import LeagueFeeds
import TripsModel

/// The cloud's stadiums by name and alias, and the Stadium records a publish adds for venues
/// the cloud does not know (an international or special-event site): the feed's name and zone,
/// a location from the feed or else the gazetteer (else the home team's park), marked
/// approximate unless the feed gave coordinates. A game never points to a missing stadium.
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
    /// (the caller first tries the home park for a home game: see `ScheduleNormalisation`).
    /// `home` is the home team's own park (its location stands in when nothing better is known).
    mutating func resolve(_ venue: FeedVenue, league: String, homePark: Stadium?) -> String? {
        if let id = known(venue) { return id }
        if let made = added[venue.key] { return made.id }
        guard let stadium = newStadium(venue, league: league, homePark: homePark) else { return nil }
        added[venue.key] = stadium
        return stadium.id
    }

    private mutating func newStadium(_ venue: FeedVenue, league: String, homePark: Stadium?) -> Stadium? {
        let slug = NameKey.slug(venue.name)
        let base = "stadium_" + (slug.isEmpty ? "venue" : slug)
        var id = base
        var n = 2
        while known.contains(id) || added.values.contains(where: { $0.id == id }) {
            id = "\(base)_\(n)"
            n += 1
        }
        if gazetteer == nil, venue.city != nil { gazetteer = .some(loadGazetteer()) }
        let place = venue.city.flatMap { city in
            (gazetteer ?? nil).flatMap { g -> Place? in
                if case .found(let place, _) = g.resolve([city, venue.state].compactMap { $0 }.joined(separator: ", "))
                {
                    return place
                }
                return nil
            }
        }
        guard let location = venue.coordinate ?? place?.coordinate ?? homePark?.location,
            let zone = venue.timeZone ?? place?.timeZone ?? homePark?.timeZone
        else { return nil }
        return Stadium(
            id: id, name: venue.name, city: venue.city ?? place?.name ?? homePark?.city ?? "",
            state: venue.state ?? place?.admin1Code ?? "", country: venue.country ?? place?.countryCode ?? "",
            location: location, timeZone: zone, sports: [league], locationIsApproximate: venue.coordinate == nil)
    }
}
