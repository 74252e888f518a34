import Foundation
import Publisher
import Testing

/// Whether a lease's holder is gone is decided by its token's locked file, never by a pid alone
/// (issue 37 item 7): a holder whose pid means nothing here is not taken for dead.
@Suite struct LeaseHolderTests {
    static func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lease-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test func aLiveHolderIsNotGoneAndAnUnknownOneIsNotEither() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let holder = LeaseHolder(folder: folder)
        #expect(holder.name.contains(" pid ") && holder.name.contains(" · "))
        #expect(!LeaseHolder.isGone(holder.name, folder: folder), "its file is locked: alive")
        // The old form, and a pid no process here has (another PID namespace): not known gone.
        #expect(!LeaseHolder.isGone("\(ProcessInfo.processInfo.hostName) pid 999999", folder: folder))
        #expect(!LeaseHolder.isGone("elsewhere pid 4242 · 0a1b2c", folder: folder))
    }

    @Test func aHolderWhoseLockIsReleasedIsGoneOnce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var holder: LeaseHolder? = LeaseHolder(folder: folder)
        let name = try #require(holder?.name)
        holder = nil  // the process ended: its lock is released, its file stays
        #expect(holder == nil)
        #expect(LeaseHolder.isGone(name, folder: folder))
        #expect(!LeaseHolder.isGone(name, folder: folder), "its file removed: not claimed twice")
    }
}
