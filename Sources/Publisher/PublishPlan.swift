import CloudKitWeb
import FoundationEssentials
import LeagueFeeds
import RecordSchema
import ScheduleLinking
import TripsModel
import TripsRecords
import TripsZones

/// The difference between the cloud and the normalised feeds, as the writes that close it:
/// new stadiums, then games created, replaced (whole, with the change tag read) and
/// deprecated. Nothing for a record already as the feed says, so a second run plans nothing.
public struct PublishPlan: Sendable {
    /// Stadium creates: they go first, so no game ever points to a missing stadium.
    public var stadiumOperations: [RecordOperation] = []
    public var gameOperations: [RecordOperation] = []
    public var created = 0
    public var updated = 0
    public var deprecated = 0
    /// Per league season, what changed in FeedDiff's words ("MLB 2025: 103 moved, …").
    public var summaries: [LeagueSeason: FeedDiffSummary] = [:]

    public var isEmpty: Bool { stadiumOperations.isEmpty && gameOperations.isEmpty }

    /// Plans the writes; refuses (unless `force`) a season losing more than `removalLimit` of its
    /// games within the feed's window (`ScheduleNormalisation.windows`).
    ///
    /// Why a window and not the whole season: a feed speaks only for the days it lists. An MLB
    /// file queried from 03-27 leaves out the Tokyo Series; an NHL week leaves out the rest of the
    /// season; neither means those games were cancelled. A feed truncated by date (its second
    /// half missing) therefore removes nothing beyond its last day — nothing is wiped, and the
    /// games it does list are updated — while a feed thinned inside its window (half its games
    /// dropped across the same days) loses more than the limit of the games it covers and is
    /// refused. Limit: a truncation that cuts a day in two removes that day's missing games
    /// (a few, under the limit); a game moved from inside the window to a day after it is removed
    /// by a feed that ends before its new day, and comes back (counted as added) with the first
    /// feed that lists it; a cancelled game outside every window stays live until a feed covering
    /// its day no longer lists it.
    public init(
        _ normalised: ScheduleNormalisation, cloud: CloudSnapshot, source: String, nowMs: Int64, force: Bool,
        removalLimit: Double = 0.2, zones: ZoneDatabase = .system
    ) throws(PublishError) {
        for season in normalised.coverage {
            var summary = FeedDiffSummary()
            summary.league = season.league
            summary.season = season.season
            summaries[season] = summary
        }
        for stadium in normalised.newStadiums {
            let record = CanonicalRecord(.stadium(stadium), meta: RecordMetadata(changeTag: "", modifiedMs: 0)).record
            stadiumOperations.append(RecordOperation(.create, Self.fresh(record)))
            created += 1
        }
        let cloudGames = Dictionary(cloud.games.map { ($0.value.id, $0) }) { a, _ in a }
        var zoneByStadium: [String: String] = [:]
        for s in cloud.stadiums { zoneByStadium[s.value.id] = s.value.timeZone }
        for s in normalised.newStadiums { zoneByStadium[s.id] = s.timeZone }
        let localDay: (Game) -> CalendarDay? = { game in
            game.stadiumId.flatMap { zoneByStadium[$0] }.flatMap { zones.zone($0) }.map {
                CalendarDay(game.startTime, in: $0)
            }
        }
        try Self.refuseOlderSnapshot(normalised, cloudGames: cloudGames, localDay: localDay, force: force)
        var listed: Set<String> = []
        for item in normalised.games {
            let game = item.game
            listed.insert(game.id)
            let season = LeagueSeason(league: game.sport, season: game.season)
            let meta = RecordMetadata(changeTag: "", modifiedMs: 0, schemaVersion: item.schemaVersion)
            let record = CanonicalRecord(.game(game), meta: meta).record
            guard let stored = cloudGames[game.id] else {
                gameOperations.append(RecordOperation(.create, Self.fresh(record)))
                created += 1
                summaries[season]?.counts[.added, default: 0] += 1
                continue
            }
            if stored.value == game && stored.meta.schemaVersion == item.schemaVersion && !stored.meta.isDeprecated {
                summaries[season]?.unchanged += 1
                continue
            }
            // A feed cut by date lists a game postponed inside its days only as the postponed
            // shell; the makeup after its last day is not the feed's to speak for. The cloud's
            // record there (played, with its score, or the makeup's date) stands.
            if Self.isShellOfAMakeupBeyond(normalised, game: game, stored: stored, localDay: localDay) {
                summaries[season]?.unchanged += 1
                continue
            }
            var replacement = Self.fresh(record)
            replacement.recordChangeTag = stored.meta.changeTag
            gameOperations.append(RecordOperation(.replace, replacement))
            updated += 1
            let changes =
                stored.meta.isDeprecated
                ? [.added] : Self.changes(stored.value, game, wasPostponed: item.wasPostponed, localDay: localDay)
            for change in changes { summaries[season]?.counts[change, default: 0] += 1 }
        }
        // Removals are windowed: only a live game of a covered season whose venue-local day lies
        // within the feed's own first..last day of that season can be deprecated, and the removal
        // limit is a share of those games. A feed that stops early (a date range cut short, a week
        // of a season) so wipes nothing outside what it covers, and one that lost games inside
        // its window (every other game gone) is still refused beyond the limit.
        var liveBySeason: [LeagueSeason: Int] = [:]
        var removals: [LeagueSeason: [CloudSnapshot.Stored<Game>]] = [:]
        for stored in cloud.games where !stored.meta.isDeprecated {
            let season = LeagueSeason(league: stored.value.sport, season: stored.value.season)
            guard let window = normalised.windows[season] else { continue }
            let day = localDay(stored.value) ?? CalendarDay(stored.value.startTime, in: .utc)
            guard window.contains(day) else { continue }
            liveBySeason[season, default: 0] += 1
            if !listed.contains(stored.value.id) { removals[season, default: []].append(stored) }
        }
        for (season, gone) in removals.sorted(by: { $0.key < $1.key }) {
            let total = liveBySeason[season] ?? 0
            if !force && Double(gone.count) > removalLimit * Double(total) {
                throw .tooManyRemovals(
                    league: season.league, season: season.season, removing: gone.count, of: total,
                    limitPercent: Int((removalLimit * 100).rounded()))
            }
            for stored in gone.sorted(by: { $0.value.id < $1.value.id }) {
                let record = Record(
                    recordName: stored.value.id, recordType: GameFields.recordType,
                    recordChangeTag: stored.meta.changeTag,
                    fields: [
                        CommonFields.deprecatedAt.name: .timestamp(nowMs),
                        CommonFields.deprecationReason.name: .string("no longer in the \(source) feed"),
                    ])
                gameOperations.append(RecordOperation(.update, record))
                deprecated += 1
                summaries[season]?.counts[.removed, default: 0] += 1
            }
        }
    }

    /// Whether `game` is a postponed shell whose stored record stands after the feed's last day
    /// of its season: the makeup (played or to come) is beyond what a feed cut by date covers.
    static func isShellOfAMakeupBeyond(
        _ normalised: ScheduleNormalisation, game: Game, stored: CloudSnapshot.Stored<Game>,
        localDay: (Game) -> CalendarDay?
    ) -> Bool {
        guard game.status == .postponed, !stored.meta.isDeprecated,
            let window = normalised.windows[LeagueSeason(league: game.sport, season: game.season)],
            let storedDay = localDay(stored.value)
        else { return false }
        return storedDay > window.upperBound
    }

    /// Refuses (unless `force`) a feed that is an older snapshot of a season than the cloud
    /// holds — a stale CDN copy, a schedule as published before the season — which would set
    /// played games back to not played. Told by the data, not by a clock: the feed reverts
    /// results and its latest result is older than the cloud's. A league correcting one result
    /// in a current feed (its latest result as recent as the cloud's) is not refused.
    static func refuseOlderSnapshot(
        _ normalised: ScheduleNormalisation, cloudGames: [String: CloudSnapshot.Stored<Game>],
        localDay: (Game) -> CalendarDay?, force: Bool
    ) throws(PublishError) {
        guard !force else { return }
        var reverting: [LeagueSeason: Int] = [:]
        var feedLatest: [LeagueSeason: CalendarDay] = [:]
        for item in normalised.games {
            let season = LeagueSeason(league: item.game.sport, season: item.game.season)
            if item.game.status.isOver, let day = localDay(item.game) {
                feedLatest[season] = max(feedLatest[season] ?? day, day)
            }
            if let stored = cloudGames[item.game.id], !stored.meta.isDeprecated, stored.value.status.isOver,
                item.game.status == .scheduled || item.game.status == .postponed,
                !isShellOfAMakeupBeyond(normalised, game: item.game, stored: stored, localDay: localDay)
            {
                reverting[season, default: 0] += 1
            }
        }
        guard !reverting.isEmpty else { return }
        var cloudLatest: [LeagueSeason: CalendarDay] = [:]
        for stored in cloudGames.values where !stored.meta.isDeprecated && stored.value.status.isOver {
            let season = LeagueSeason(league: stored.value.sport, season: stored.value.season)
            guard reverting[season] != nil, let day = localDay(stored.value) else { continue }
            cloudLatest[season] = max(cloudLatest[season] ?? day, day)
        }
        for (season, count) in reverting.sorted(by: { $0.key < $1.key }) {
            guard let held = cloudLatest[season] else { continue }
            if let latest = feedLatest[season], latest >= held { continue }
            throw .olderSnapshot(
                league: season.league, season: season.season, feedLatest: feedLatest[season], heldLatest: held,
                reverting: count)
        }
    }

    /// A record as written: no server bookkeeping (the server sets tag and times).
    static func fresh(_ record: Record) -> Record {
        Record(recordName: record.recordName, recordType: record.recordType, fields: record.fields)
    }

    /// How a game changed, in FeedDiff's categories, over the records themselves.
    static func changes(
        _ old: Game, _ new: Game, wasPostponed: Bool, localDay: (Game) -> CalendarDay?
    ) -> Set<FeedChange> {
        var found: Set<FeedChange> = []
        let oldDay = localDay(old)
        let newDay = localDay(new)
        let dateChanged = oldDay != nil && newDay != nil && oldDay != newDay
        if dateChanged || (!old.timeTBD && !new.timeTBD && old.startTime != new.startTime) { found.insert(.moved) }
        if old.timeTBD && !new.timeTBD { found.insert(.timeSet) }
        if old.status != .postponed && (new.status == .postponed || (wasPostponed && found.contains(.moved))) {
            found.insert(.postponed)
        }
        if old.status != new.status { found.insert(.statusChanged) }
        if old.stadiumId != new.stadiumId { found.insert(.venueChanged) }
        if new.homeScore != nil
            && (old.homeScore != new.homeScore || old.awayScore != new.awayScore || old.decidedIn != new.decidedIn)
        {
            found.insert(.scoreSet)
        }
        return found
    }
}
