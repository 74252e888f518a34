import CloudKitWeb
import CloudServerProcess
import Foundation
import LeagueFeeds

/// The recorded MLB 2025 feeds (`../shared/data/feeds`, never edited) and the repository's bundle.
enum RecordedSeason {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let feeds = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/feeds")
    static let published = feeds.appendingPathComponent("mlb/mlb_schedule_2025_as_published_2024-11-29.json")
    static let played = feeds.appendingPathComponent("mlb/mlb_schedule_2025.json")
    static let data = repositoryRoot.appendingPathComponent("Data")

    static func read(_ url: URL) throws -> FeedSchedule {
        try MLBStatsAPISchedule.read(Data(contentsOf: url), source: url.lastPathComponent)
    }

    /// The bundle's records of the files whose manifest entry passes `include`.
    static func bundleRecords(_ include: (String) -> Bool = { _ in true }) throws -> [Record] {
        let manifest = try JSONSerialization.jsonObject(
            with: Data(contentsOf: data.appendingPathComponent("manifest.json")))
        let files = (manifest as? [String: Any])?["files"] as? [[String: Any]] ?? []
        var records: [Record] = []
        for file in files {
            guard let path = file["path"] as? String, include(path) else { continue }
            records += try JSONDecoder().decode(
                RecordList.self, from: Data(contentsOf: data.appendingPathComponent(path))
            )
            .records
        }
        return records
    }

    /// A `Data/` bundle without games: the sports, structures, teams, venues and aliases a
    /// publisher resolves a feed against — what "an empty cloud" means for a publish (a cloud with
    /// no teams has nothing to file a game under). Built once per test process.
    static let referenceBundle = bundle(keepingGames: { _ in false })

    /// A `Data/` bundle as it was before the NHL 2026-27 schedule was bundled: a cloud and a
    /// client that learn that season only from a publish.
    static let bundleWithoutNHL2627 = bundle(keepingGames: { $0 != "records/games-nhl-2026-27.json" })

    /// `Data/` with only the game files whose path passes `keep`.
    static func bundle(keepingGames keep: (String) -> Bool) -> URL {
        do {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("publisher-bundle-\(UUID())")
            try FileManager.default.createDirectory(
                at: out.appendingPathComponent("records"), withIntermediateDirectories: true)
            let url = data.appendingPathComponent("manifest.json")
            var manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
            let files = (manifest["files"] as? [[String: Any]] ?? []).filter {
                $0["recordType"] as? String != "Game" || keep($0["path"] as? String ?? "")
            }
            manifest["files"] = files
            let games = files.filter { $0["recordType"] as? String == "Game" }.compactMap { $0["records"] as? Int }
            var types = manifest["recordTypes"] as? [String: Any] ?? [:]
            if games.isEmpty {
                types["Game"] = ["records": 0, "watermark": 0]
            } else if var game = types["Game"] as? [String: Any] {
                game["records"] = games.reduce(0, +)
                types["Game"] = game
            }
            manifest["recordTypes"] = types
            for file in files.compactMap({ $0["path"] as? String }) + ["places.tsv", "NOTICE"] {
                try FileManager.default.copyItem(
                    at: data.appendingPathComponent(file), to: out.appendingPathComponent(file))
            }
            try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(
                to: out.appendingPathComponent("manifest.json"))
            return out
        } catch {
            fatalError("cannot build a test bundle: \(error)")
        }
    }
}
