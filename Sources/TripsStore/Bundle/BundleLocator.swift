import FoundationEssentials
import RecordSchema

/// Finds the bundled `Data/` folder at run time (DESIGN §4) by `DataBundleSearch`, the one search
/// `trips-cloud serve` uses too; a missing bundle is a `BundleError` naming the places searched.
public struct BundleLocator: Sendable {
    public var search: DataBundleSearch

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String = DataBundleSearch.currentExecutablePath(),
        sourceTreeData: String = DataBundleSearch.compiledSourceTreeData
    ) {
        search = DataBundleSearch(
            environment: environment, executablePath: executablePath, sourceTreeData: sourceTreeData)
    }

    /// The places searched, in order.
    public var candidates: [String] { search.candidates }

    /// The first candidate holding a `manifest.json`.
    public func locate() throws(BundleError) -> URL {
        guard let found = search.locate() else { throw .notFound(searched: candidates) }
        return found
    }
}
