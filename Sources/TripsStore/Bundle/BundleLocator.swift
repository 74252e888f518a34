import FoundationEssentials
import TripsModel

/// Finds the bundled `Data/` folder at run time (DESIGN §4): `$TRIPS_DATA`, else
/// `<prefix>/share/trips/Data` beside the installed executable, else — for development
/// builds only (the executable lives under a `.build` folder) — the source tree's `Data/`.
/// An installed binary therefore never depends on the build tree.
public struct BundleLocator: Sendable {
    public var environment: [String: String]
    public var executablePath: String
    /// The source tree's `Data/` as known at compile time (development fallback).
    public var sourceTreeData: String

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String = BundleLocator.currentExecutablePath(),
        sourceTreeData: String = BundleLocator.compiledSourceTreeData
    ) {
        self.environment = environment
        self.executablePath = executablePath
        self.sourceTreeData = sourceTreeData
    }

    /// The places searched, in order.
    public var candidates: [String] {
        var list: [String] = []
        if let explicit = environment["TRIPS_DATA"], !explicit.isEmpty { return [explicit] }
        let binDir = PathText.deletingLastComponent(executablePath)
        list.append(PathText.appending(PathText.deletingLastComponent(binDir), "share/trips/Data"))
        if executablePath.contains("/.build") { list.append(sourceTreeData) }
        return list
    }

    /// The first candidate holding a `manifest.json`.
    public func locate() throws(BundleError) -> URL {
        for candidate in candidates
        where FileManager.default.fileExists(atPath: PathText.appending(candidate, "manifest.json")) {
            return URL(fileURLWithPath: candidate, isDirectory: true)
        }
        throw .notFound(searched: candidates)
    }

    public static func currentExecutablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// `<repo>/Data`, derived from this file's path at compile time.
    public static let compiledSourceTreeData: String = {
        var path = #filePath
        for _ in 0..<4 { path = PathText.deletingLastComponent(path) }  // Bundle/ TripsStore/ Sources/ → repo
        return PathText.appending(path, "Data")
    }()
}
