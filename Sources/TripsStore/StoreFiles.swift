import FoundationEssentials
import Glibc
import SQLite
import TripsModel

/// The store as files: the database and the companions SQLite pairs with it by name. SQLite
/// replays any `-wal` (or hot `-journal`) it finds beside a database into it, whichever database
/// wrote it, so a store is only renamed, copied or replaced once it is self-contained and its
/// companions are gone; each step below is safe to be interrupted after.
public enum StoreFiles {
    /// SQLite finds a database's WAL, WAL index and rollback journal by these suffixes.
    public static let companions = ["-wal", "-shm", "-journal"]

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Whether the database or any of its companions is there.
    public static func anyExists(_ database: String) -> Bool {
        ([""] + companions).contains { exists(database + $0) }
    }

    /// Deletes the companions, then the database: a crash between leaves nothing SQLite reads.
    public static func remove(_ database: String) throws(StoreError) {
        for suffix in companions + [""] where exists(database + suffix) {
            guard unlink(database + suffix) == 0 || errno == ENOENT else {
                throw .notWritable(
                    path: database + suffix, reason: "cannot delete it: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Folds the database's WAL into its file (a hot journal is rolled back on opening), closes
    /// it and deletes its companions, then syncs the file: the file alone is then the whole
    /// database. Throws when the database cannot be read (damaged) or `StoreError.busy` when another
    /// connection keeps it busy; then nothing is deleted.
    public static func makeSelfContained(_ path: String) throws {
        do {
            let database = try Database(.file(path), create: false)
            try database.checkpoint()
        } catch let error as SQLiteError where error.isBusy {
            throw StoreError.busy(path: path)
        }  // closed here: the last connection's close deletes -wal and -shm itself
        try removeCompanions(path)
        try sync(path)
    }

    /// Deletes a self-contained database's companions (what is left of them is empty or stale) and
    /// syncs the folder, so that a rename over the database cannot land before the deletions do.
    public static func removeCompanions(_ database: String) throws(StoreError) {
        for suffix in companions where exists(database + suffix) {
            guard unlink(database + suffix) == 0 || errno == ENOENT else {
                throw .notWritable(
                    path: database + suffix, reason: "cannot delete it: \(String(cString: strerror(errno)))")
            }
        }
        try sync(PathText.deletingLastComponent(database))
    }

    /// Keeps a whole copy of a database that could not be made self-contained: hard links to the
    /// file and its WAL (a pair, as SQLite reads them), copies where links are not allowed.
    public static func keepCopy(of database: String, as backup: String) throws(StoreError) {
        for suffix in ["", "-wal"] where exists(database + suffix) {
            if link(database + suffix, backup + suffix) == 0 { continue }
            do {
                try FileManager.default.copyItem(atPath: database + suffix, toPath: backup + suffix)
            } catch {
                throw .notWritable(path: backup + suffix, reason: "cannot keep a copy of the old store there")
            }
        }
        try sync(PathText.deletingLastComponent(backup))
    }

    /// A name beside `base` that nothing uses yet (`base`, `base-2`, …), for a backup that must
    /// not replace an earlier one.
    public static func unusedName(_ base: String) -> String {
        var name = base
        var n = 1
        while anyExists(name) {
            n += 1
            name = "\(base)-\(n)"
        }
        return name
    }

    /// Renames the self-contained `source` over `destination` in one step and syncs the folder:
    /// after a crash the path holds the one or the other, whole.
    public static func replace(_ destination: String, with source: String) throws(StoreError) {
        guard rename(source, destination) == 0 else {
            throw .notWritable(
                path: destination, reason: "cannot rename \(source) over it: \(String(cString: strerror(errno)))")
        }
        try sync(PathText.deletingLastComponent(destination))
    }

    /// `fsync` of a file or folder: what a crash of the machine (not only of the process) must not undo.
    static func sync(_ path: String) throws(StoreError) {
        let fd = open(path.isEmpty ? "." : path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .notWritable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard fsync(fd) == 0 else {
            throw .notWritable(path: path, reason: "cannot sync it: \(String(cString: strerror(errno)))")
        }
    }
}
