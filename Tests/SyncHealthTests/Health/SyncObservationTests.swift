import Foundation
import Testing
import TripsModel
import TripsStore

@testable import SyncHealth

/// Gathering the health's inputs from a real store and lock file.
@Suite struct SyncObservationTests {
    private func lockPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("health-lock-\(UUID().uuidString)").path
    }

    @Test func theStoreLogStateAndWatcherBecomeTheObservation() throws {
        let store = try CanonicalStore(location: .memory)
        let success = try store.beginSyncEvent(.import, atMs: 1_000)
        try store.endSyncEvent(success, state: .succeeded, atMs: 2_000)
        try store.recordSyncFailure(.game, atMs: 3_000, error: "BAD_REQUEST", changed: 0)
        try store.beginSyncWatch(SyncWatchRecord(intervalMs: 30_000, startedMs: 500))
        let path = lockPath()
        defer { try? FileManager.default.removeItem(atPath: path) }

        let observation = try SyncObservation(
            store: store, lockPath: path, network: .online, account: .available, nowMs: 10_000)

        #expect(observation.events.map(\.state) == [.succeeded])
        #expect(observation.states.first { $0.recordType == .game }?.consecutiveFailures == 1)
        #expect(observation.watchIntervalMs == 30_000)
        #expect(!observation.syncRunning)
        #expect(observation.liveRecords.count == RecordType.syncOrder.count)
    }

    @Test func aWatcherThatNoLongerRunsDoesNotSetTheThreshold() throws {
        let store = try CanonicalStore(location: .memory)
        let me = try #require(ProcessIdentity.current)
        // What a killed watcher leaves: its pid, now someone else's (started at another time).
        let dead = ProcessIdentity(pid: me.pid, startTicks: me.startTicks + 1)
        try store.beginSyncWatch(SyncWatchRecord(intervalMs: 5_000, startedMs: 500, process: dead))
        let observe = {
            try SyncObservation(store: store, lockPath: self.lockPath(), network: .online, account: .notUsed, nowMs: 0)
        }

        #expect(try observe().watchIntervalMs == nil)
        try store.beginSyncWatch(SyncWatchRecord(intervalMs: 5_000, startedMs: 500, process: nil))
        #expect(try observe().watchIntervalMs == nil, "a record without its process is not trusted")
        try store.beginSyncWatch(SyncWatchRecord(intervalMs: 5_000, startedMs: 500, process: me))
        #expect(try observe().watchIntervalMs == 5_000)
    }

    @Test func aProcessIsKnownByItsStartTimeNotItsPidAlone() throws {
        let me = try #require(ProcessIdentity.current)
        #expect(me.isAlive)
        #expect(!ProcessIdentity(pid: me.pid, startTicks: me.startTicks + 1).isAlive)
        #expect(!ProcessIdentity(pid: Int32.max, startTicks: me.startTicks).isAlive)
        #expect(try store(roundTrip: me) == me)
    }

    private func store(roundTrip process: ProcessIdentity) throws -> ProcessIdentity? {
        let store = try CanonicalStore(location: .memory)
        try store.beginSyncWatch(SyncWatchRecord(intervalMs: 1, startedMs: 1, process: process))
        return try store.syncWatch()?.process
    }

    @Test func aHeldLockMeansASyncIsRunning() throws {
        let store = try CanonicalStore(location: .memory)
        let path = lockPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lock = try SyncLock.acquire(at: path)
        defer { lock.release() }

        let observation = try SyncObservation(
            store: store, lockPath: path, network: .unknown, account: .notUsed, nowMs: 0)
        #expect(observation.syncRunning)
    }

    @Test func theLastSuccessIsFoundBeyondTheRecentLog() throws {
        let store = try CanonicalStore(location: .memory)
        let success = try store.beginSyncEvent(.import, atMs: 0)
        try store.endSyncEvent(success, state: .succeeded, atMs: 1)
        for ms in 2..<(Int64(SyncObservation.recentEventLimit) + 10) {
            try store.endSyncEvent(try store.beginSyncEvent(.import, atMs: ms), state: .failed, atMs: ms, error: "down")
        }

        let observation = try SyncObservation(
            store: store, lockPath: lockPath(), network: .online, account: .notUsed, nowMs: 1_000)
        let health = SyncHealth(observation)

        #expect(observation.events.count == SyncObservation.recentEventLimit + 1)
        #expect(health.lastSuccessMs == 1)
        #expect(health.summary == .error)
    }

    @Test func anEndedWatcherLeavesNoRecord() throws {
        let store = try CanonicalStore(location: .memory)
        try store.beginSyncWatch(SyncWatchRecord(intervalMs: 30_000, startedMs: 500))
        #expect(try store.syncWatch() == SyncWatchRecord(intervalMs: 30_000, startedMs: 500))
        try store.endSyncWatch()
        #expect(try store.syncWatch() == nil)
    }
}
