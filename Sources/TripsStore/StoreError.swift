import SQLite

/// Why the local store cannot be used, phrased for the user with the fix.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file looks like a trips store but cannot be read (damaged, truncated): `trips reset`.
    case unreadable(path: String, reason: String)
    /// The file is something else (a text file, another program's database): `--store` points at
    /// the wrong file, and `trips reset` would refuse to replace it, so that is not the fix.
    case notAStore(path: String, reason: String)
    /// Written by a newer trips: this build must not touch it.
    case newerVersion(path: String)
    /// The folder for the store cannot be created or written.
    case notWritable(path: String, reason: String)
    /// A command tried to change a store opened read-only (a read-only file or folder).
    case readOnly
    /// `--store` names a folder that does not exist: not created silently, as a typo would be.
    case missingFolder(path: String, folder: String)
    /// Another process holds the store's lock longer than the busy timeout: temporary. No path
    /// when the store was already open (SQLite reported it mid-run).
    case busy(path: String?)
    /// SQLite found the open store's pages damaged mid-run: the fix is to rebuild it.
    case damaged(reason: String)
    /// Any other SQLite failure while reading or writing.
    case sqlite(SQLiteError)

    /// What a failure means to whoever reports it, so callers need not read SQLite's result codes.
    public enum Kind: Sendable, Hashable {
        /// Another process is writing: try again later.
        case temporary
        /// The file must be rebuilt (`trips reset`).
        case damaged
        /// The user pointed at the wrong file: fix the input.
        case input
        /// Anything else.
        case failure
    }

    /// The store's reading of an error that escaped it: a `StoreError` as it is, a bare
    /// `SQLiteError` as the failure it means (busy, damaged, other); nil for any other error.
    public init?(_ error: any Error) {
        switch error {
        case let e as StoreError: self = e
        case let e as SQLiteError:
            if e.isBusy {
                self = .busy(path: nil)
            } else if e.isReadOnly {
                self = .readOnly
            } else if e.isCorruption {
                self = .damaged(reason: e.message)
            } else {
                self = .sqlite(e)
            }
        default: return nil
        }
    }

    public var kind: Kind {
        switch self {
        case .busy: return .temporary
        case .unreadable, .damaged: return .damaged
        case .notAStore, .missingFolder: return .input
        case .newerVersion, .notWritable, .readOnly: return .failure
        case .sqlite(let e): return e.isBusy ? .temporary : e.isCorruption ? .damaged : .failure
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return
                "the store at \(path) is unreadable (\(reason)); run `trips reset` to rebuild it from the bundled data"
        case .notAStore(let path, let reason):
            return "\(path) is not a trips store (\(reason)); give --store a trips store or a new file name"
        case .newerVersion(let path):
            return
                "the store at \(path) was written by a newer version of trips; upgrade trips, or run `trips reset` to rebuild it"
        case .notWritable(let path, let reason):
            return "cannot write the store at \(path) (\(reason)); choose another place with --store or TRIPS_HOME"
        case .readOnly:
            return
                "cannot change the store: it is read-only to you (a read-only file or folder); only reading works here"
        case .missingFolder(let path, let folder):
            return
                "cannot create the store at \(path): the folder \(folder) does not exist; create it first, or choose another --store"
        case .busy(let path?):
            return "the store at \(path) is busy (another trips is writing); try again"
        case .busy(nil):
            return "the store is busy (another trips is writing); try again"
        case .damaged(let reason):
            return "the store is damaged (\(reason)); run `trips reset` to rebuild it"
        case .sqlite(let error):
            return "store error: \(error.message)"
        }
    }
}
