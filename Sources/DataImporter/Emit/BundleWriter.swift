import CloudKitWeb
import Foundation
import TripsModel

/// Writes `Data/`: stamps each record (content-derived change tag; the previous timestamp
/// when the content is unchanged, the run's timestamp otherwise), writes one record per line
/// sorted by name, the manifest, the places and airports tables and the credits — byte-identical
/// on re-runs.
struct BundleWriter: Sendable {
    let directory: URL
    let existing: ExistingBundle
    /// The run's "now" (ms): the `modified` of new or changed records.
    let timestamp: Int64

    /// A table file beside the records (`places.tsv`, `airports.tsv`) and its manifest entry.
    struct TableFile: Sendable {
        var path: String
        var text: String
        var rows: Int
        var licence: String
        var sources: [SourceReference]
        /// What the manifest should say about rows that are not plainly the source's.
        var notes: String? = nil

        var entry: Manifest.Table {
            Manifest.Table(path: path, rows: rows, licence: licence, sources: sources, notes: notes)
        }
    }

    @discardableResult
    func write(
        files: [BundleFile], places: TableFile, airports: TableFile? = nil, notice: String
    ) throws(ImportError) -> Manifest {
        var manifestFiles: [Manifest.File] = []
        var summaries: [String: Manifest.TypeSummary] = [:]
        var names = Set<String>()
        var outputs: [(path: String, text: String)] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            var lines: [String] = []
            for record in file.records.sorted(by: { $0.recordName < $1.recordName }) {
                guard names.insert(record.recordName).inserted else {
                    throw .duplicateRecord(recordName: record.recordName)
                }
                let stamped = stamp(record)
                let modified = stamped.modified?.timestamp ?? timestamp
                var summary = summaries[file.recordType.rawValue] ?? Manifest.TypeSummary(records: 0, watermark: 0)
                summary.records += 1
                summary.watermark = max(summary.watermark, modified)
                summaries[file.recordType.rawValue] = summary
                lines.append(try BundleWriter.line(stamped))
            }
            outputs.append(("records/" + file.path, "{\"records\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"))
            manifestFiles.append(
                Manifest.File(
                    path: "records/" + file.path, recordType: file.recordType.rawValue, records: lines.count,
                    sport: file.sport, season: file.season, complete: file.complete, notes: file.notes,
                    sources: file.sources, approximateLocations: file.approximateLocations))
        }
        let manifest = Manifest(
            files: manifestFiles, recordTypes: summaries, places: places.entry, airports: airports?.entry)
        outputs.append(("manifest.json", try BundleWriter.manifestText(manifest)))
        for table in [places] + (airports.map { [$0] } ?? []) { outputs.append((table.path, table.text)) }
        outputs.append(("NOTICE", notice))
        try save(outputs)
        return manifest
    }

    /// The record with its change tag and `created`/`modified` stamps.
    func stamp(_ record: Record) -> Record {
        var record = record
        record.recordChangeTag = nil
        record.created = nil
        record.modified = nil
        let tag = ChangeTag.of(record)
        let previous = existing.stamps[record.recordName]
        let modified = previous?.changeTag == tag ? previous!.modified : timestamp
        record.recordChangeTag = tag
        record.created = RecordStamp(timestamp: modified)
        record.modified = RecordStamp(timestamp: modified)
        return record
    }

    static func line(_ record: Record) throws(ImportError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do { return String(decoding: try encoder.encode(record), as: UTF8.self) } catch {
            throw .cannotWrite(path: record.recordName, reason: String(describing: error))
        }
    }

    static func manifestText(_ manifest: Manifest) throws(ImportError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do { return String(decoding: try encoder.encode(manifest), as: UTF8.self) + "\n" } catch {
            throw .cannotWrite(path: "manifest.json", reason: String(describing: error))
        }
    }

    /// Writes files whose text changed and removes record files no longer produced.
    private func save(_ outputs: [(path: String, text: String)]) throws(ImportError) {
        let fm = FileManager.default
        let records = directory.appendingPathComponent("records")
        do { try fm.createDirectory(at: records, withIntermediateDirectories: true) } catch {
            throw .cannotWrite(path: records.path, reason: String(describing: error))
        }
        let produced = Set(outputs.map(\.path))
        for old in (try? fm.contentsOfDirectory(atPath: records.path)) ?? [] where old.hasSuffix(".json") {
            if !produced.contains("records/" + old) { try? fm.removeItem(at: records.appendingPathComponent(old)) }
        }
        for (path, text) in outputs {
            let url = directory.appendingPathComponent(path)
            let data = Data(text.utf8)
            if (try? Data(contentsOf: url)) == data { continue }
            do { try data.write(to: url, options: .atomic) } catch {
                throw .cannotWrite(path: url.path, reason: String(describing: error))
            }
        }
    }
}
