import Foundation

/// Compares output with a checked-in file (a test target's `Golden/`). `TRIPS_UPDATE_GOLDEN=1`
/// rewrites the files.
public enum GoldenFile {
    /// `path` is relative to the repository root, e.g. `Tests/TripsCLITests/Golden/plan-days.txt`.
    public static func check(_ actual: String, _ path: String) -> (matches: Bool, expected: String) {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let url = root.appendingPathComponent(path)
        if ProcessInfo.processInfo.environment["TRIPS_UPDATE_GOLDEN"] == "1" {
            try? Data(actual.utf8).write(to: url)
            return (true, actual)
        }
        let name = url.lastPathComponent
        let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? "<missing golden file \(name)>"
        return (expected == actual, expected)
    }
}
