import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why the database file could not be made private.
public enum DatabaseFileError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotRestrict(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotRestrict(let path, let reason): return "cannot make \(path) private (mode 0600): \(reason)"
        }
    }
}

/// The server's database holds every user's private records: it is created readable and
/// writable by its owner only, and an older file is narrowed to that. SQLite creates `-wal` and
/// `-shm` with the database file's mode, so they follow; existing ones are narrowed as well.
public enum DatabaseFile {
    public static func makePrivate(_ path: String) throws(DatabaseFileError) {
        let created = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard created >= 0 else { throw .cannotRestrict(path: path, reason: String(cString: strerror(errno))) }
        defer { close(created) }
        guard fchmod(created, 0o600) == 0 else {
            throw .cannotRestrict(path: path, reason: String(cString: strerror(errno)))
        }
        for suffix in ["-wal", "-shm"] where access(path + suffix, F_OK) == 0 {
            guard chmod(path + suffix, 0o600) == 0 else {
                throw .cannotRestrict(path: path + suffix, reason: String(cString: strerror(errno)))
            }
        }
    }
}
