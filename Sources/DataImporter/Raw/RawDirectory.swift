import Foundation

/// The folder of raw sources (`../shared/data/raw`), read by relative path so that every
/// reader names the exact file it used — the manifest repeats those paths.
public struct RawDirectory: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root }

    func data(_ path: String) throws(ImportError) -> Data {
        let url = root.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { throw .missingFile(path: url.path) }
        do { return try Data(contentsOf: url) } catch {
            throw .unreadable(path: url.path, reason: String(describing: error))
        }
    }

    func text(_ path: String) throws(ImportError) -> String {
        String(decoding: try data(path), as: UTF8.self)
    }

    func decode<T: Decodable>(_ type: T.Type, from path: String) throws(ImportError) -> T {
        let bytes = try data(path)
        do { return try JSONDecoder().decode(T.self, from: bytes) } catch {
            throw .unreadable(path: path, reason: String(describing: error))
        }
    }

    func csv(_ path: String) throws(ImportError) -> CSVTable {
        CSVTable(text: try text(path))
    }
}
