import Foundation
import LeagueFeeds
import TripsModel

/// `mls-ical-jbaranski/mls_2026_home_fixtures.derived.csv`: every club's home calendar as
/// rows. Only "MLS - Regular Season" rows count; "TBC, unknown" locations stay without a
/// venue. Venue names and cities come from the `location` text ("Stadium, City, ST").
struct MLSFixtures: Sendable {
    static let path = "mls-ical-jbaranski/mls_2026_home_fixtures.derived.csv"
    static let regularSeason = "MLS - Regular Season"

    let rows: [[String: String]]

    init(raw: RawDirectory) throws(ImportError) {
        rows = try raw.csv(MLSFixtures.path).records.filter { $0["competition"] == MLSFixtures.regularSeason }
    }

    func teamEntries(tree: LeagueTree) throws(ImportError) -> [TeamEntry] {
        var codes = Set<String>()
        var teams: [TeamEntry] = []
        for name in Set(rows.flatMap { [$0["home"] ?? "", $0["away"] ?? ""] }).sorted() {
            guard let team = LeagueTables.mlsClubs[name] else {
                throw .unknownTeam(sport: "mls", name: name, source: MLSFixtures.path)
            }
            if codes.insert(team.code).inserted { teams.append(tree.place(team)) }
        }
        return teams
    }

    func entries() throws(ImportError) -> [FeedGame] {
        try rows.map { (row) throws(ImportError) in
            let uid = row["uid"] ?? ""
            guard let start = RawInstant.date(row["start_utc"] ?? "") else {
                throw .unreadable(path: MLSFixtures.path, reason: "\(uid): bad start_utc")
            }
            guard let home = LeagueTables.mlsClubs[row["home"] ?? ""],
                let away = LeagueTables.mlsClubs[row["away"] ?? ""]
            else {
                throw .unknownTeam(
                    sport: "mls", name: "\(row["home"] ?? "") / \(row["away"] ?? "")", source: MLSFixtures.path)
            }
            let place = MLSFixtures.location(row["location"] ?? "")
            return FeedGame(
                sourceId: uid, start: start, homeCode: home.code, awayCode: away.code, venueName: place?.name,
                status: MLSFixtures.isPlayed(row["description"] ?? "") ? .final : .scheduled)
        }
    }

    /// Venue names with the city the calendar gives.
    func venueFacts() -> [VenueFacts] {
        var seen = Set<String>()
        return rows.compactMap { row in
            guard let place = MLSFixtures.location(row["location"] ?? ""),
                seen.insert(NameKey.match(place.name)).inserted
            else { return nil }
            return VenueFacts(name: place.name, city: place.city, source: MLSFixtures.path)
        }
    }

    /// "Stadium, City, ST" → (Stadium, City); "TBC, unknown" → nil.
    static func location(_ text: String) -> (name: String, city: String?)? {
        let parts = text.components(separatedBy: ", ")
        guard let name = parts.first, !name.isEmpty, name != "TBC" else { return nil }
        return (name, parts.count > 1 ? parts[1] : nil)
    }

    /// A played fixture's description holds its result ("Club 2 - Club 1").
    static func isPlayed(_ description: String) -> Bool {
        description.range(of: #"\d+ - .*\d"#, options: .regularExpression) != nil
    }
}
