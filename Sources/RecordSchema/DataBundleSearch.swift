import FoundationEssentials

/// The one search for the bundled `Data/` folder (DESIGN §4), shared by `trips` (through
/// `BundleLocator`) and `trips-cloud serve`: `$TRIPS_DATA` if set (and then only it), else
/// `<prefix>/share/trips/Data` beside the installed executable, else — for development builds
/// only (the executable lives under a `.build` folder) — the source tree's `Data/`. An installed
/// binary therefore never depends on the build tree. It lives here, beside the record schema the
/// bundle is written in, because this is the lowest module both the store and the server import.
public struct DataBundleSearch: Sendable, Hashable {
    public var environment: [String: String]
    public var executablePath: String
    /// The source tree's `Data/` as known at compile time (development fallback).
    public var sourceTreeData: String

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String = DataBundleSearch.currentExecutablePath(),
        sourceTreeData: String = DataBundleSearch.compiledSourceTreeData
    ) {
        self.environment = environment
        self.executablePath = executablePath
        self.sourceTreeData = sourceTreeData
    }

    /// The places searched, in order. A set `$TRIPS_DATA` is the only place: a wrong value is
    /// reported, not silently replaced by another bundle.
    public var candidates: [String] {
        if let explicit = environment["TRIPS_DATA"], !explicit.isEmpty { return [explicit] }
        let prefix = Self.parent(Self.parent(executablePath))
        var list = [Self.appending(prefix, "share/trips/Data")]
        if executablePath.contains("/.build") { list.append(sourceTreeData) }
        return list
    }

    /// The first candidate holding a `manifest.json`, or nil when none does.
    public func locate() -> URL? {
        for candidate in candidates
        where FileManager.default.fileExists(atPath: Self.appending(candidate, "manifest.json")) {
            return URL(fileURLWithPath: candidate, isDirectory: true)
        }
        return nil
    }

    public static func currentExecutablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// `<repo>/Data`, derived from this file's path at compile time.
    public static let compiledSourceTreeData: String = {
        var path = #filePath
        for _ in 0..<3 { path = parent(path) }  // RecordSchema/ Sources/ → repo
        return appending(path, "Data")
    }()

    /// The folder part of `path` (`"/a/b"` → `"/a"`, `"/a"` → `"/"`, `"a"` → `""`), trailing
    /// slashes ignored — `PathText.deletingLastComponent`'s rules (TripsStore is out of reach here).
    static func parent(_ path: String) -> String {
        var base = Substring(path)
        while base.count > 1, base.last == "/" { base.removeLast() }
        guard let slash = base.lastIndex(of: "/") else { return "" }
        if slash == base.startIndex { return "/" }
        var folder = base[..<slash]
        while folder.count > 1, folder.last == "/" { folder.removeLast() }
        return String(folder)
    }

    /// `path` and `component` joined by one slash — `PathText.appending`'s rules.
    static func appending(_ path: String, _ component: String) -> String {
        var base = Substring(path)
        while base.count > 1, base.last == "/" { base.removeLast() }
        if base.isEmpty { return path.hasPrefix("/") ? "/" + component : component }
        if base == "/" { return "/" + component }
        return base + "/" + component
    }
}
