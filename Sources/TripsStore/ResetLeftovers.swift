import FoundationEssentials
import Glibc

/// What an interrupted `trips reset` can leave beside the store, recovered by the next run: the
/// half-built new store (`.reset-new`, never the only copy of anything: the old store is
/// replaced only by renaming a complete one over it) is deleted; a backup (`.bak`, from a reset
/// of an earlier version, which moved the store aside before rebuilding it, or one kept because
/// the user's data could not be carried over) gives the store what only it has, then goes — or
/// is kept, when it cannot be read. Nothing is done silently: each step answers a line for stderr.
public enum ResetLeftovers {
    /// Whether there is anything to recover: a few `access` calls, so every run can ask.
    public static func present(_ location: StoreLocation) -> Bool {
        StoreFiles.anyExists(location.resetBuildPath) || StoreFiles.exists(location.backupPath)
    }

    /// Recovers what is there. Call holding the sync lock: a running reset holds it while it builds,
    /// and its build must not be taken for a leftover.
    public static func recover(_ location: StoreLocation) -> [String] {
        var notes: [String] = []
        let store = location.storePath
        let build = location.resetBuildPath
        let backup = location.backupPath
        if StoreFiles.anyExists(build) {
            do {
                try StoreFiles.remove(build)
                notes.append(
                    "note: deleted \(build), the unfinished store of an interrupted `trips reset`; \(store) is as it was"
                )
            } catch {
                notes.append("note: \(build) is left by an interrupted `trips reset` and cannot be deleted (\(error))")
            }
        }
        guard StoreFiles.exists(backup), case .tripsStore? = try? StoreFileKind.of(path: backup) else { return notes }
        if !StoreFiles.exists(store) {
            // The earlier reset stopped after moving the store aside: put it back, whole.
            do {
                try StoreFiles.makeSelfContained(backup)
                try StoreFiles.replace(store, with: backup)
                notes.append("note: restored \(store) from \(backup), left by an interrupted `trips reset`")
            } catch {
                notes.append("note: your previous store is kept as \(backup) (it cannot be restored: \(error))")
            }
            return notes
        }
        do {
            let current = try CanonicalStore(location: .file(store))
            let copied = try current.adoptMissingUserData(from: backup)
            try current.checkpointIfWritten()
            try StoreFiles.remove(backup)
            if let phrase = UserDataInventory.phrase(copied) {
                notes.append(
                    "note: carried your \(phrase) over from \(backup), left by an interrupted `trips reset`, into \(store) and deleted it"
                )
            } else {
                notes.append(
                    "note: deleted \(backup), left by an earlier `trips reset`: everything of yours in it is in \(store)"
                )
            }
        } catch {
            // It cannot be read (the damaged store a reset kept), or the store cannot: kept as it is.
        }
        return notes
    }
}
