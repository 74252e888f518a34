import TripsModel

/// The bundle's game files by league season: how many games each holds and whether it is a
/// full season — all `fullSeasonGames` needs. The import keeps them in the store
/// (`store_info`), so a command asking about a season (`trips games --season`, every run) reads
/// one row instead of opening and parsing the manifest.
public struct BundleSeasonSizes: Sendable, Hashable {
    public struct Size: Sendable, Hashable {
        public var sport: String
        public var season: String
        public var games: Int
        public var complete: Bool
    }

    public var sizes: [Size]

    /// The `store_info` key the import writes them under.
    static let infoKey = "bundleSeasonSizes"

    /// Games in a full season of `sport`: the bundle's count for `season` when the bundle says
    /// that season is complete, else the league's format for that season (`SeasonFormat`) —
    /// never another season's count, which a format change (the NHL's 84 games from 2026-27)
    /// makes wrong. A league with no known format falls back to its latest complete season.
    public func fullSeasonGames(sport: String, season: String) -> Int? {
        let own = sizes.filter { $0.sport == sport }
        if let this = own.first(where: { $0.season == season }), this.complete { return this.games }
        if let format = SeasonFormat.of(sport, season: season) { return format.games }
        return own.filter(\.complete).max { $0.season < $1.season }?.games
    }

    /// One line per season: "mlb 2026 2430 complete" (names hold no spaces).
    var stored: String {
        sizes.map { "\($0.sport) \($0.season) \($0.games) \($0.complete ? "complete" : "partial")" }
            .joined(separator: "\n")
    }

    init(sizes: [Size]) { self.sizes = sizes }

    /// Nil when a line is not what `stored` writes (the caller reads the manifest instead).
    init?(stored: String) {
        var sizes: [Size] = []
        for line in stored.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 4, let games = Int(parts[2]), ["complete", "partial"].contains(parts[3]) else {
                return nil
            }
            sizes.append(
                Size(sport: String(parts[0]), season: String(parts[1]), games: games, complete: parts[3] == "complete"))
        }
        self.sizes = sizes
    }
}

extension BundleManifest {
    /// Its game files with a sport and season.
    public var seasonSizes: BundleSeasonSizes {
        BundleSeasonSizes(
            sizes: files.compactMap { file in
                guard file.recordType == "Game", let sport = file.sport, let season = file.season else { return nil }
                return .init(sport: sport, season: season, games: file.records, complete: file.complete == true)
            })
    }

    /// Games in a full season of `sport` (`BundleSeasonSizes.fullSeasonGames`).
    public func fullSeasonGames(sport: String, season: String) -> Int? {
        seasonSizes.fullSeasonGames(sport: sport, season: season)
    }
}

extension CanonicalStore {
    /// The season sizes the last bundle import kept; nil for a store imported before they were
    /// kept (read the manifest then).
    public func bundleSeasonSizes() throws -> BundleSeasonSizes? {
        try info(BundleSeasonSizes.infoKey).flatMap(BundleSeasonSizes.init(stored:))
    }
}
