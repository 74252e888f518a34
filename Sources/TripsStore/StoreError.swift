import SQLite

/// Why the local store cannot be used, phrased for the user with the fix.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but is not a readable trips store (damaged, truncated, or another kind of file).
    case unreadable(path: String, reason: String)
    /// Written by a newer trips: this build must not touch it.
    case newerVersion(path: String)
    /// The folder for the store cannot be created or written.
    case notWritable(path: String, reason: String)
    /// Another process holds the store's lock longer than the busy timeout: temporary.
    case busy(path: String)
    /// Any other SQLite failure while reading or writing.
    case sqlite(SQLiteError)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "the store at \(path) is unreadable (\(reason)); run `trips reset` to rebuild it from the bundled data"
        case .newerVersion(let path):
            return "the store at \(path) was written by a newer version of trips; upgrade trips, or run `trips reset` to rebuild it"
        case .notWritable(let path, let reason):
            return "cannot write the store at \(path) (\(reason)); choose another place with --store or TRIPS_HOME"
        case .busy(let path):
            return "the store at \(path) is busy (another trips is writing); try again"
        case .sqlite(let error):
            return "store error: \(error.message)"
        }
    }
}
