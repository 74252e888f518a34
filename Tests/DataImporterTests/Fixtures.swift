import Foundation

@testable import DataImporter

/// The small hand-made raw files under `Fixtures/raw`, one per source format, laid out like
/// `../shared/data/raw` so readers use their real paths.
enum Fixtures {
    static let raw = RawDirectory(
        root: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/raw"))

    /// A fresh empty folder for a writer test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trips-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
