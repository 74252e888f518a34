import Foundation
import Testing
import TripsModel

/// The league formats say how big a season is before any of it is loaded; they must agree with
/// every complete season the bundle holds, counted from its own game files.
@Suite struct SeasonFormatTests {
    @Test func everyCompleteBundledSeasonHasTheSizeItsFormatSays() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: data.appendingPathComponent("manifest.json")))
                as? [String: Any])
        let files = try #require(manifest["files"] as? [[String: Any]])
        var checked = 0
        for file in files where file["recordType"] as? String == "Game" && file["complete"] as? Bool == true {
            let sport = try #require(file["sport"] as? String)
            let season = try #require(file["season"] as? String)
            let path = try #require(file["path"] as? String)
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: data.appendingPathComponent(path)))
            let records = try #require((document as? [String: Any])?["records"] as? [[String: Any]])
            let format = try #require(SeasonFormat.of(sport, season: season), "\(sport) \(season) has no format")
            // Every team of the season, home or away, as the games name them.
            var teams: Set<String> = []
            var regular = 0
            for record in records where Self.field("seasonType", in: record) != "postseason" {
                regular += 1
                for key in ["homeTeamId", "awayTeamId"] {
                    if let id = Self.field(key, in: record) { teams.insert(id) }
                }
            }
            #expect(format.teams == teams.count, "\(sport) \(season): \(teams.count) teams play")
            #expect(format.games == regular, "\(sport) \(season): \(regular) regular-season games")
            checked += 1
        }
        #expect(checked >= 8)
    }

    @Test func theNHLsNewFormatIs84GamesATeamFrom2026To27() {
        #expect(SeasonFormat.of("nhl", season: "2025-26")?.games == 1312)
        #expect(SeasonFormat.of("nhl", season: "2026-27")?.games == 1344)
        #expect(SeasonFormat.of("nhl", season: "2027-28")?.gamesPerTeam == 84)
        #expect(SeasonFormat.of("nhl", season: "1990-91") == nil)
        #expect(SeasonFormat.of("cricket", season: "2026") == nil)
    }

    /// A record's string field as the bundle writes it (CloudKit's `fields.NAME.value`).
    static func field(_ name: String, in record: [String: Any]) -> String? {
        ((record["fields"] as? [String: Any])?[name] as? [String: Any])?["value"] as? String
    }
}
