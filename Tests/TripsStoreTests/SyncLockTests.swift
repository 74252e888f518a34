import Foundation
import Testing

@testable import TripsStore

/// One sync per store (DESIGN §6.5): an OS lock, not a flag.
@Suite struct SyncLockTests {
    private func lockPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sync-lock-\(UUID().uuidString)").path
    }

    @Test func aSecondAcquireFailsNamingTheHolder() throws {
        let path = lockPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let held = try SyncLock.acquire(at: path)
        defer { held.release() }

        #expect(throws: SyncLockError.held(pid: getpid())) { try SyncLock.acquire(at: path) }
        #expect(SyncLockError.held(pid: 42).description == "sync already in progress (pid 42)")
    }

    @Test func releasingTheLockLetsTheNextSyncIn() throws {
        let path = lockPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = try SyncLock.acquire(at: path)
        #expect(throws: SyncLockError.held(pid: getpid())) { try SyncLock.acquire(at: path) }
        first.release()

        let again = try SyncLock.acquire(at: path)
        #expect(SyncLock.holder(at: path) == getpid(), "the next acquire holds the lock")
        again.release()
        #expect(SyncLock.holder(at: path) == nil)
    }

    @Test func theHolderIsVisibleToOtherReadersOnlyWhileHeld() throws {
        let path = lockPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(SyncLock.holder(at: path) == nil)
        let held = try SyncLock.acquire(at: path)

        #expect(SyncLock.holder(at: path) == getpid())
        held.release()
        #expect(SyncLock.holder(at: path) == nil)
    }
}
