import CloudKitWeb
import CloudServerProcess
import Foundation
import TripsModel

/// A small `Data/` bundle cut from the repository's: every sport, the MLB league structure,
/// all stadiums and aliases, the MLB teams and the first `games` MLB 2026 games still
/// scheduled (so `trips-cloud admin postpone` may move them) — enough for
/// a real server and a real store, small enough to sync many times per test run; and the
/// gazetteer, so a plan may start in a town.
enum FixtureBundle {
    static let games = 300

    /// Built once per test process, in a temporary folder.
    static let directory: URL = {
        do {
            return try build()
        } catch {
            fatalError("cannot build the fixture bundle: \(error)")
        }
    }()

    static var repository: URL {
        guard let data = CloudServerProcess.repositoryData else { fatalError("the repository's Data/ is missing") }
        return data
    }

    private static let files: [(path: String, type: RecordType, limit: Int?)] = [
        ("records/sports.json", .sport, nil), ("records/league-structure-mlb.json", .leagueStructure, nil),
        ("records/stadiums.json", .stadium, nil), ("records/teams-mlb.json", .team, nil),
        ("records/team-aliases.json", .teamAlias, nil), ("records/stadium-aliases.json", .stadiumAlias, nil),
        ("records/games-mlb-2026.json", .game, games),
    ]

    private static func build() throws -> URL {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trips-sync-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: out.appendingPathComponent("records"), withIntermediateDirectories: true)
        var manifestFiles: [[String: Any]] = []
        var types: [String: (records: Int, watermark: Int64)] = [:]
        for file in files {
            let text = try String(contentsOf: repository.appendingPathComponent(file.path), encoding: .utf8)
            // One record per line between `{"records":[` and `]}` (the bundle contract).
            var lines = text.split(separator: "\n").map(String.init).filter {
                $0.hasPrefix("{\"") && !$0.hasPrefix("{\"records\"")
            }
            if let limit = file.limit {
                lines = Array(
                    lines.filter { $0.contains(#""status":{"type":"STRING","value":"scheduled"}"#) }.prefix(limit))
            }
            lines = lines.map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }
            let body = "{\"records\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
            try Data(body.utf8).write(to: out.appendingPathComponent(file.path))
            let page = try WireJSON.recordPage(Data(body.utf8))
            let newest = page.records.compactMap(\.modified?.timestamp).max() ?? 0
            let previous = types[file.type.rawValue] ?? (0, 0)
            types[file.type.rawValue] = (previous.records + page.records.count, max(previous.watermark, newest))
            manifestFiles.append(["path": file.path, "recordType": file.type.rawValue, "records": page.records.count])
        }
        let manifest: [String: Any] = [
            "format": 1, "schemaVersion": 1, "generatedBy": "TripsSyncTests", "files": manifestFiles,
            "recordTypes": types.mapValues { ["records": $0.records, "watermark": $0.watermark] },
        ]
        let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .prettyPrinted])
        try data.write(to: out.appendingPathComponent("manifest.json"))
        // The gazetteer, for plans that start in a town or stop overnight in one.
        try FileManager.default.copyItem(
            at: repository.appendingPathComponent("places.tsv"), to: out.appendingPathComponent("places.tsv"))
        return out
    }
}
