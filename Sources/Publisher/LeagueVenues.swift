import FeedFetch
import FoundationEssentials
import LeagueFeeds

/// Asks a league where venues are that its schedule named but nothing placed: MLB's venues
/// endpoint on the schedule's own origin (so `TRIPS_FEEDS_URL` serves it too). A failed or
/// empty answer places nothing: the games keep the venue's name and no stadium.
public struct LeagueVenues: Sendable {
    let place: @Sendable (_ league: String, _ venues: [FeedVenue]) async -> [FeedVenue]

    public static let none = LeagueVenues { _, _ in [] }

    /// The venues the leagues placed, by league and venue key.
    func place(_ unplaced: [String: [FeedVenue]]) async -> [String: [String: FeedVenue]] {
        var placed: [String: [String: FeedVenue]] = [:]
        for (league, venues) in unplaced.sorted(by: { $0.key < $1.key }) {
            for venue in await place(league, venues) { placed[league, default: [:]][venue.key] = venue }
        }
        return placed
    }

    /// MLB's `/api/v1/venues` on `origin` (scheme, host and port of the schedule's URL).
    public static func mlb(origin: String, fetcher: FeedFetcher) -> LeagueVenues {
        LeagueVenues { league, venues in
            let ids = venues.compactMap(\.id).filter { $0.allSatisfy(\.isNumber) }
            guard league == "mlb", !ids.isEmpty, let url = URL(string: origin + MLBVenues.path(ids: ids)),
                case .fetched(let data)? = try? await fetcher.fetch(.url(url))
            else { return [] }
            return (try? MLBVenues.read(data, source: url.absoluteString)) ?? []
        }
    }
}

extension FeedSchedule {
    /// The schedule with each venue `placed` names (by league and key) given its place and zone.
    func placing(_ placed: [String: [String: FeedVenue]]) -> FeedSchedule {
        var schedule = self
        for index in schedule.games.indices {
            let game = schedule.games[index]
            guard let venue = game.venue, let found = placed[game.league]?[venue.key] else { continue }
            schedule.games[index].venue = FeedVenue(
                id: venue.id, name: venue.name, city: found.city ?? venue.city, state: found.state ?? venue.state,
                country: found.country ?? venue.country, coordinate: found.coordinate, timeZone: found.timeZone)
        }
        return schedule
    }
}
