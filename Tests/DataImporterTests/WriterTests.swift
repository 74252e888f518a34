import CloudKitWeb
import Foundation
import Testing
import TripsModel
import TripsRecords

@testable import DataImporter

/// Emit/write stage: stamps, determinism, manifest.
@Suite("Bundle writing")
struct WriterTests {
    static let sport = Sport(
        id: "sport_mlb", sportId: "mlb", abbreviation: "MLB", displayName: "Major League Baseball", seasonStartMonth: 3,
        seasonEndMonth: 10, gameDurationMinutes: 180)

    static func files(duration: Int = 180) -> [BundleFile] {
        var nba = sport
        nba.id = "sport_nba"
        nba.sportId = "nba"
        var mlb = sport
        mlb.gameDurationMinutes = duration
        return [
            BundleFile(
                path: "sports.json", recordType: .sport,
                records: [RecordFiles.record(.sport(nba)), RecordFiles.record(.sport(mlb))], notes: "n")
        ]
    }

    static let places = BundleWriter.TableFile(
        path: "places.tsv", text: "Z\tAmerica/Chicago\n", rows: 0, licence: "CC BY 4.0 (GeoNames)", sources: [])

    func write(_ files: [BundleFile], to dir: URL, at timestamp: Int64) throws -> Manifest {
        let existing = try ExistingBundle(directory: dir)
        return try BundleWriter(directory: dir, existing: existing, timestamp: timestamp)
            .write(files: files, places: WriterTests.places, notice: "credits\n")
    }

    func bytes(_ dir: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in ["manifest.json", "places.tsv", "NOTICE", "records/sports.json"] {
            out[name] = try Data(contentsOf: dir.appendingPathComponent(name))
        }
        return out
    }

    @Test("writing the same records twice gives byte-identical files, whatever the run's timestamp")
    func deterministic() throws {
        let dir = try Fixtures.temporaryDirectory()
        _ = try write(WriterTests.files(), to: dir, at: 1_000)
        let first = try bytes(dir)
        _ = try write(WriterTests.files(), to: dir, at: 2_000)
        #expect(try bytes(dir) == first)
    }

    @Test("an unchanged record keeps its timestamp; a changed one takes the run's; watermarks are the newest")
    func stamps() throws {
        let dir = try Fixtures.temporaryDirectory()
        _ = try write(WriterTests.files(), to: dir, at: 1_000)
        let manifest = try write(WriterTests.files(duration: 200), to: dir, at: 2_000)
        let list = try JSONDecoder().decode(
            RecordList.self, from: Data(contentsOf: dir.appendingPathComponent("records/sports.json")))
        let modified = Dictionary(uniqueKeysWithValues: list.records.map { ($0.recordName, $0.modified?.timestamp) })
        #expect(modified == ["sport_mlb": 2_000, "sport_nba": 1_000])
        #expect(manifest.recordTypes["Sport"] == Manifest.TypeSummary(records: 2, watermark: 2_000))
    }

    @Test("records are sorted by name, one per line, and decode back through CanonicalRecord")
    func layout() throws {
        let dir = try Fixtures.temporaryDirectory()
        _ = try write(WriterTests.files(), to: dir, at: 1_000)
        let text = try String(contentsOf: dir.appendingPathComponent("records/sports.json"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4 && lines.first == "{\"records\":[" && lines.last == "]}")
        #expect(lines[1].contains("\"recordName\":\"sport_mlb\"") && lines[2].contains("\"recordName\":\"sport_nba\""))
        let list = try JSONDecoder().decode(RecordList.self, from: Data(text.utf8))
        let decoded = try list.records.map { try CanonicalRecord(record: $0) }
        #expect(decoded.first?.entity == .sport(WriterTests.sport))
    }

    @Test("a record file no longer produced is removed")
    func staleFilesRemoved() throws {
        let dir = try Fixtures.temporaryDirectory()
        var files = WriterTests.files()
        files.append(BundleFile(path: "old.json", recordType: .sport, records: []))
        _ = try write(files, to: dir, at: 1_000)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("records/old.json").path))
        _ = try write(WriterTests.files(), to: dir, at: 1_000)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("records/old.json").path))
    }

    @Test("two records with one name fail the import")
    func duplicateNames() throws {
        let dir = try Fixtures.temporaryDirectory()
        let files =
            WriterTests.files()
            + WriterTests.files().map {
                var f = $0
                f.path = "again.json"
                return f
            }
        #expect(throws: ImportError.duplicateRecord(recordName: "sport_mlb")) { try write(files, to: dir, at: 1) }
    }

    @Test("change tags are 16 hex digits of content: stamps do not change them, fields do")
    func changeTags() {
        var a = RecordFiles.record(.sport(WriterTests.sport))
        let tag = ChangeTag.of(a)
        #expect(tag.count == 16 && tag.allSatisfy(\.isHexDigit))
        a.modified = RecordStamp(timestamp: 99)
        #expect(ChangeTag.of(a) == tag)
        a.fields["displayName"] = .string("MLB")
        #expect(ChangeTag.of(a) != tag)
    }
}
