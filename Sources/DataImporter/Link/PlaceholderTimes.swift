import Foundation
import LeagueFeeds
import TripsModel
import TripsZones

/// Placeholder start times: a source's "time to be decided" written as a made-up instant.
extension ScheduleLinker {
    /// Sources write a placeholder start ("time to be decided") as one made-up instant shared
    /// by several games — ESPN uses midnight US Eastern. Such a cluster shows up as games at an
    /// hour no league starts at, in some venue's local time.
    static let plausibleLocalHours = 9..<23

    /// The zone the sources date games in (ESPN, Sportradar and MLB are US Eastern): a
    /// placeholder's date there is the date the source gives the game.
    static let sourceDateZone = ZoneDatabase.system.zone("America/New_York")!

    /// Entries whose start is a source's placeholder: two or more games at one instant that
    /// some venue would start at an implausible local hour (ESPN's midnight-Eastern "TBD" is
    /// 23:00 in Minneapolis, 21:00 the evening before in Inglewood).
    static func placeholders(_ entries: [FeedGame], order: [Int], zones: [Int: ZoneInfo]) -> Set<Int> {
        var atInstant: [Date: [Int]] = [:]
        for e in order where !entries[e].timeTBD { atInstant[entries[e].start, default: []].append(e) }
        var found = Set<Int>()
        for members in atInstant.values where members.count >= 2 {
            let implausible = members.contains { e in
                let local = CalendarDay.split((zones[e] ?? sourceDateZone).localSeconds(at: entries[e].start))
                return !plausibleLocalHours.contains(local.secondOfDay / 3600)
            }
            if implausible { found.formUnion(members) }
        }
        return found
    }
}
