import CloudKitWeb
import Foundation
import TripsModel
import TripsRecords

/// What the previous import wrote: change tags and timestamps (kept for unchanged records),
/// the games (each with its source id) and stadium ids by name (kept so ids never change).
struct ExistingBundle: Sendable {
    struct Stamp: Sendable, Hashable {
        var changeTag: String
        var modified: Int64
    }

    private(set) var stamps: [String: Stamp] = [:]
    /// Every game, its `sourceId` the source's id: what a game keeps its id by.
    private(set) var games: [Game] = []
    private var stadiumIds: [String: String] = [:]

    init() {}

    /// Reads every `records/*.json` under `directory`; a missing folder is an empty bundle.
    init(directory: URL) throws(ImportError) {
        let folder = directory.appendingPathComponent("records")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in files.sorted() where file.hasSuffix(".json") {
            let url = folder.appendingPathComponent(file)
            let list: RecordList
            do { list = try JSONDecoder().decode(RecordList.self, from: Data(contentsOf: url)) } catch {
                throw .unreadable(path: url.path, reason: String(describing: error))
            }
            for record in list.records { try remember(record, path: url.path) }
        }
    }

    mutating func remember(_ record: Record, path: String) throws(ImportError) {
        let canonical: CanonicalRecord
        do { canonical = try CanonicalRecord(record: record) } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        stamps[canonical.recordName] = Stamp(changeTag: canonical.meta.changeTag, modified: canonical.meta.modifiedMs)
        switch canonical.entity {
        case .game(let game):
            games.append(game)
        case .stadium(let stadium):
            stadiumIds[NameKey.match(stadium.name)] = stadium.id
        default:
            break
        }
    }

    /// The id a stadium had under any of `names`.
    func stadiumId(named names: [String]) -> String? {
        names.lazy.compactMap { stadiumIds[NameKey.match($0)] }.first
    }
}
