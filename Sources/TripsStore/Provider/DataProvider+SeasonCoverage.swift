import FoundationEssentials
import SQLite
import TripsModel

extension DataProvider {
    /// Every loaded season of `sports` (nil: all) with its days and gaps by `SeasonCoverage`'s
    /// rules; `sizes` (the bundle's) give the size of a full season. Each game's day is
    /// its venue-local day, as listings show it. The whole league is read even for one season:
    /// a gap is told from a break by the league's complete seasons.
    public func seasonCoverage(sports: Set<String>? = nil, sizes: BundleSeasonSizes?) throws -> [SeasonCoverage] {
        var sql = """
            SELECT sport, season, start_ms, stadium_id, home_team_id, season_type = 'postseason', is_neutral_site
            FROM games WHERE deprecated_at_ms IS NULL
            """
        var values: [SQLValue] = []
        if let sports {
            sql += " AND sport IN (\(Array(repeating: "?", count: sports.count).joined(separator: ", ")))"
            values = sports.sorted().map(SQLValue.text)
        }
        let rows = try database.rows(sql, values) {
            ($0.string(0), $0.string(1), $0.int64(2), $0.optionalString(3), $0.string(4), $0.int(5), $0.int(6) != 0)
        }
        var zoneOf: [String: ZoneInfo] = [:]
        var seasons: [String: [String: (games: Int, days: [CalendarDay])]] = [:]
        var postseason: [String: Int] = [:]
        for (sport, season, startMs, stadiumId, homeTeamId, isPostseason, isNeutral) in rows {
            postseason[sport + " " + season, default: 0] += isPostseason
            let key = stadiumId ?? (isNeutral ? "neutral" : "team:" + homeTeamId)
            let zone: ZoneInfo
            if let known = zoneOf[key] {
                zone = known
            } else {
                zone = try venueZone(stadiumId: stadiumId, homeTeamId: isNeutral ? nil : homeTeamId)
                zoneOf[key] = zone
            }
            let day = CalendarDay(Date(timeIntervalSince1970: Double(startMs) / 1000), in: zone)
            seasons[sport, default: [:]][season, default: (0, [])].games += 1
            seasons[sport, default: [:]][season, default: (0, [])].days.append(day)
        }
        return seasons.keys.sorted().flatMap { sport in
            SeasonCoverage.league(
                sport, seasons: seasons[sport, default: [:]].map { ($0.key, $0.value.games, $0.value.days) },
                expectedGames: { sizes?.fullSeasonGames(sport: sport, season: $0) }
            ).map { season in
                var season = season
                season.postseasonGames = postseason[sport + " " + season.season, default: 0]
                return season
            }
        }
    }

    /// The zone of a game at `stadiumId` (else at its home team's venue, when it is not at a
    /// neutral site), UTC when unknown: `timeZoneName(for:)` without building the game.
    private func venueZone(stadiumId: String?, homeTeamId: String?) throws -> ZoneInfo {
        let stadiums = try stadiumTable()
        let homeVenue = try homeTeamId.flatMap { try teamTable()[$0]?.value.stadiumId }
        let venue = stadiumId ?? homeVenue
        return venue.flatMap { stadiums[$0]?.value.timeZone }.flatMap(zones.zone) ?? .utc
    }
}
