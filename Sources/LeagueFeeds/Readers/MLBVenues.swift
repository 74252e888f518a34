import FoundationEssentials

/// Reads MLB Stats API `/api/v1/venues?venueIds=…&hydrate=location,timezone`: where venues are
/// and their zones. Asked for a venue the schedule names but neither places nor trips knows (a
/// special-event park), so it is stored where it is rather than guessed.
public enum MLBVenues {
    /// The path and query that ask for `ids` (MLB venue ids), on the schedule's own origin.
    public static func path(ids: [String]) -> String {
        "/api/v1/venues?venueIds=\(ids.joined(separator: ","))&hydrate=location,timezone"
    }

    /// The venues the answer places (a coordinate and a zone); the others are left out.
    public static func read(_ data: Data, source: String) throws -> [FeedVenue] {
        let list = try FeedJSON.decode(
            MLBScheduleWire.VenueList.self, from: data, format: .mlbStatsAPISchedule, source: source)
        return list.venues.compactMap(\.feedVenue).filter { $0.coordinate != nil && $0.timeZone != nil }
    }
}
