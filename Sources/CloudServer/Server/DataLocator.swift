import Foundation

/// Finds the `Data/` bundle as DESIGN §4 says: `$TRIPS_DATA`, else `<prefix>/share/trips/Data`
/// beside the installed executable, else (development builds only, i.e. an executable inside
/// a `.build` folder) the source tree's `Data/`.
public struct DataLocator: Sendable {
    public var environment: [String: String]
    public var executable: URL
    /// The source tree this file was compiled from.
    public var sourceRoot: URL

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
        sourceRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    ) {
        self.environment = environment
        self.executable = executable
        self.sourceRoot = sourceRoot
    }

    /// The places looked at, in order.
    public var candidates: [URL] {
        var list: [URL] = []
        if let explicit = environment["TRIPS_DATA"], !explicit.isEmpty { list.append(URL(fileURLWithPath: explicit)) }
        let bin = executable.deletingLastPathComponent()
        list.append(bin.deletingLastPathComponent().appendingPathComponent("share/trips/Data"))
        if executable.path.contains("/.build") { list.append(sourceRoot.appendingPathComponent("Data")) }
        return list
    }

    /// The first candidate holding a `manifest.json`.
    public func locate() -> URL? {
        candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("manifest.json").path) }
    }
}
