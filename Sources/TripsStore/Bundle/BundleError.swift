/// Why the bundled snapshot could not be used.
public enum BundleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No `Data/` folder with a manifest was found in any of the places searched.
    case notFound(searched: [String])
    /// The manifest or a listed file could not be read or parsed.
    case unreadable(path: String, reason: String)
    /// The bundle is of a format this build does not know.
    case unsupportedFormat(path: String, format: Int)

    public var description: String {
        switch self {
        case .notFound(let searched):
            return
                "no bundled data found; looked in: \(searched.joined(separator: ", ")) (set TRIPS_DATA to the Data folder)"
        case .unreadable(let path, let reason):
            return "cannot read bundled data \(path): \(reason)"
        case .unsupportedFormat(let path, let format):
            return "bundled data \(path) has format \(format), which this trips does not understand"
        }
    }
}
