import CloudKitWeb
import Foundation
import TripsModel
import TripsRecords

/// The shipped `Data/` folder, read once through `CanonicalRecord` for the data-quality tests.
/// Found from this file's path, so the tests need no working directory.
struct ShippedBundle: Sendable {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let dataDirectory = repositoryRoot.appendingPathComponent("Data")
    /// The raw sources, present on development machines and CI (`../shared/data/raw`).
    static let rawDirectory = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/raw")

    struct ManifestFile: Decodable, Sendable {
        var path: String
        var recordType: String
        var records: Int
        var sport: String?
        var season: String?
        var complete: Bool?
        var approximateLocations: [String: String]?
    }

    struct TypeSummary: Decodable, Sendable {
        var records: Int
        var watermark: Int64
    }

    struct Manifest: Decodable, Sendable {
        var format: Int
        var files: [ManifestFile]
        var recordTypes: [String: TypeSummary]
    }

    let manifest: Manifest
    /// Per manifest path, the records of that file.
    let files: [String: [CanonicalRecord]]
    /// Game sourceIds by game id.
    let sourceIds: [String: String]

    static let shared: Result<ShippedBundle, ShippedBundleError> = Result { () throws(ShippedBundleError) in
        try ShippedBundle(directory: dataDirectory)
    }

    init(directory: URL) throws(ShippedBundleError) {
        do {
            manifest = try JSONDecoder().decode(
                Manifest.self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))
            var files: [String: [CanonicalRecord]] = [:]
            var sourceIds: [String: String] = [:]
            for file in manifest.files {
                let list = try JSONDecoder().decode(
                    RecordList.self, from: Data(contentsOf: directory.appendingPathComponent(file.path)))
                files[file.path] = try list.records.map { record in
                    if let id = record.fields["sourceId"]?.stringValue { sourceIds[record.recordName] = id }
                    return try CanonicalRecord(record: record)
                }
            }
            self.files = files
            self.sourceIds = sourceIds
            var games: [Game] = []
            var teams: [String: Team] = [:]
            var stadiums: [String: Stadium] = [:]
            var teamAliases: [TeamAlias] = []
            var stadiumAliases: [StadiumAlias] = []
            for record in files.values.joined() {
                switch record.entity {
                case .game(let g): games.append(g)
                case .team(let t): teams[t.id] = t
                case .stadium(let st): stadiums[st.id] = st
                case .teamAlias(let a): teamAliases.append(a)
                case .stadiumAlias(let a): stadiumAliases.append(a)
                default: break
                }
            }
            (allGames, self.teams, self.stadiums) = (games, teams, stadiums)
            (self.teamAliases, self.stadiumAliases) = (teamAliases, stadiumAliases)
        } catch {
            throw ShippedBundleError(reason: String(describing: error))
        }
    }

    var all: [CanonicalRecord] { files.values.flatMap { $0 } }

    func games(sport: String, season: String) -> [Game] {
        manifest.files.filter { $0.recordType == "Game" && $0.sport == sport && $0.season == season }
            .flatMap { files[$0.path] ?? [] }
            .compactMap { if case .game(let g) = $0.entity { return g } else { return nil } }
    }

    /// Indexed once: the tests look these up per game.
    let allGames: [Game]
    let teams: [String: Team]
    let stadiums: [String: Stadium]
    let teamAliases: [TeamAlias]
    let stadiumAliases: [StadiumAlias]
}

struct ShippedBundleError: Error, Sendable, CustomStringConvertible {
    var reason: String
    var description: String { "cannot read Data/: \(reason)" }
}
