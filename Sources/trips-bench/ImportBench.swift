import CloudKitWeb
import Foundation
import TripsModel
import TripsStore

/// First-run bundle import: the whole `Data/` into a new store file (target ≤ 0.5 s).
enum ImportBench {
    static func run(_ context: BenchContext) throws -> [BenchRow] {
        let manifest = try BundleManifest.load(from: context.dataDirectory)
        let records = manifest.files.reduce(0) { $0 + $1.records }
        var decodeOnly: Double = 0
        decodeOnly = try medianSeconds(runs: 5) {
            for file in manifest.files {
                _ = try WireJSON.recordPage(Data(contentsOf: context.dataDirectory.appendingPathComponent(file.path)))
            }
        }
        var run = 0
        let full = try medianSeconds(runs: 5) {
            run += 1
            let path = context.scratch.appendingPathComponent("import-\(run).sqlite").path
            let store = try CanonicalStore(location: .file(path))
            try store.importBundle(at: context.dataDirectory)
        }
        return [
            BenchRow(
                name: "bundle import (new store file)", median: full, unit: "ms", target: "≤ 500 ms",
                note: "\(records) records, \(manifest.files.count) files"),
            BenchRow(name: "  of which JSON decode", median: decodeOnly, unit: "ms"),
        ]
    }
}
