import CloudKitClient
import CloudKitWeb
import Foundation
import TestSupport
import Testing
import TripsStore

@testable import TripsSync

/// Issue 25's done-when test: two devices make random saves, notes, renames, deletes,
/// favourites and visits while a real `trips-cloud` injects errors, throttles, truncated and
/// dropped answers and some `trips sync` processes are killed (SIGKILL) mid-run. At the end both
/// devices and a fresh third one hold what the cloud holds, nothing deleted (and not edited
/// later) is anywhere, and nothing edited last is missing. 200 rounds by default, 1,000 with
/// TRIPS_TEST_LONG=1; the seed is printed and TRIPS_TEST_SEED replays it.
@Suite(.serialized) struct UserDataChaosTests {
    /// A device: a `trips` home whose syncs are real processes, its store opened here for edits.
    struct Phone {
        let trips: TripsBinary
        let store: CanonicalStore
    }

    static var nowMs: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
    static let tripNames = ["Texas", "Lakes", "Coast", "Loop"]

    /// One edit the test made, at the time the store gave it.
    struct Event {
        var item: String
        var ms: Int64
        var deleted: Bool
        /// Which phone made it (0 or 1), for the failure message.
        var phone = 0
    }

    @Test func twoDevicesWithFaultsAndKilledSyncsConvergeAndNothingDeletedComesBack() async throws {
        let seed = TestSeed.draw()
        var random = SeededGenerator(seed: seed)
        let rounds = TestSize.pick(short: 200, long: 1_000)
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        var phones: [Phone] = []
        for name in ["a", "b", "c"] {
            let trips = try await SavedTripNameTests.device(name, cloud: cloud, token: token)
            phones.append(Phone(trips: trips, store: try CanonicalStore(location: .file(trips.storePath))))
        }
        defer { for phone in phones { phone.trips.cleanUp() } }
        let fresh = phones.removeLast()  // synced once before anything existed; next only at the end
        try await cloud.setFaults(
            #"{"errorRate": 0.1, "throttleEvery": 11, "retryAfter": 0, "truncateRate": 0.05, "dropRate": 0.05, "#
                + #""operations": ["records/modify", "records/lookup", "changes/zone"], "seed": \#(seed >> 12)}"#)
        var clock = Self.nowMs
        var events: [Event] = []
        var kills = 0
        for _ in 0..<rounds {
            let index = Int.random(in: 0..<2, using: &random)
            let phone = phones[index]
            clock = max(clock + 1, Self.nowMs)
            if var event = try Self.randomEdit(phone.store, at: clock, using: &random) {
                event.phone = index
                events.append(event)
            }
            if Int.random(in: 0..<4, using: &random) == 0 {
                let killAfter = Bool.random(using: &random) ? Int.random(in: 0...4, using: &random) : nil
                if try await Self.sync(phone, cloud: cloud, killAfterRequests: killAfter) { kills += 1 }
            }
        }
        let injected = try await cloud.injectedFaults()
        try await cloud.setFaults(nil)
        for _ in 0..<2 {
            for phone in phones {
                let done = try await phone.trips.run("sync", "--quiet")
                #expect(done.status == 0, "seed \(seed): \(done.stderr)")
            }
        }
        let last = try await fresh.trips.run("sync", "--quiet")
        #expect(last.status == 0, "seed \(seed): \(last.stderr)")
        let server = try await UserDataSyncTests.cloudChecksum(cloud, token: token)
        for store in phones.map(\.store) + [fresh.store] {
            #expect(try store.userDataChecksum() == server, "seed \(seed)")
            #expect(try store.pendingUserChanges() == 0, "seed \(seed)")
        }
        let latest = Dictionary(grouping: events, by: \.item).mapValues { $0.max { $0.ms < $1.ms }! }
        for (item, event) in latest.sorted(by: { $0.key < $1.key }) {
            for store in phones.map(\.store) + [fresh.store] {
                let record = try store.userRecord(named: item)
                let live = record.map { !$0.isDeleted } ?? false
                #expect(
                    live == !event.deleted,
                    "seed \(seed): \(item) was \(event.deleted ? "deleted" : "edited") last (at \(event.ms)) but is \(live ? "there" : "gone"); its edits: \(Self.history(item, events)); here: \(String(describing: record))"
                )
            }
        }
        #expect(latest.values.contains { $0.deleted } && latest.values.contains { !$0.deleted }, "seed \(seed)")
        #expect(kills > 0, "seed \(seed): no sync was killed")
        #expect(injected.values.reduce(0, +) > 10, "seed \(seed): faults injected: \(injected)")
        print("\(#function): \(rounds) rounds, \(events.count) edits, \(kills) syncs killed, faults \(injected)")
    }

    /// An item's edits in order, "phone:time:edit|delete", for a failure message.
    static func history(_ item: String, _ events: [Event]) -> String {
        events.filter { $0.item == item }.map { "\($0.phone):\($0.ms):\($0.deleted ? "delete" : "edit")" }
            .joined(separator: " ")
    }

    /// One random edit through the store, as the `trips` commands make them; nil when there was
    /// nothing to edit (a note on a trip this device does not have).
    static func randomEdit(_ store: CanonicalStore, at ms: Int64, using random: inout SeededGenerator) throws -> Event?
    {
        let n = Int.random(in: 1...4, using: &random)
        let trip = "trip_0000000\(n)"
        let live = { (name: String) in try store.userRecord(named: name).map { !$0.isDeleted } ?? false }
        func edit(_ name: String, _ type: UserRecordType, _ fields: [String: String]) throws -> Event {
            let record = try store.editUserRecord(name, type: type, set: fields, device: "test", nowMs: ms)
            return Event(item: name, ms: fields.keys.compactMap { record.fieldTimes[$0] }.max() ?? ms, deleted: false)
        }
        func delete(_ name: String) throws -> Event? {
            guard try store.deleteUserRecord(name, device: "test", nowMs: ms) else { return nil }
            return Event(item: name, ms: try store.userRecord(named: name)?.deletedMs ?? ms, deleted: true)
        }
        switch Int.random(in: 0..<8, using: &random) {
        case 0:
            let name = tripNames.randomElement(using: &random)!
            return try edit(trip, .savedTrip, ["name": name, "from": "2026-06-0\(n)", "games": "g\(ms)"])
        case 1: return try live(trip) ? try edit(trip, .savedTrip, ["notes": "note \(ms)"]) : nil
        case 2:
            let name = tripNames.randomElement(using: &random)!
            return try live(trip) ? try edit(trip, .savedTrip, ["name": name]) : nil
        case 3: return try delete(trip)
        case 4: return try edit("fav_team_mlb_\(n)", .favoriteTeam, ["teamId": "team_mlb_\(n)"])
        case 5: return try delete("fav_team_mlb_\(n)")
        case 6: return try edit("visited_stadium_\(n)", .visitedVenue, ["stadiumId": "stadium_\(n)", "note": "v\(ms)"])
        default: return try delete("visited_stadium_\(n)")
        }
    }

    /// Runs `trips sync` on `phone` to its end, or kills it (SIGKILL) once the cloud has answered
    /// `killAfterRequests` more requests. Its exit status is not checked (faults are on).
    /// - Returns: whether it was killed.
    static func sync(_ phone: Phone, cloud: LiveCloud, killAfterRequests: Int?) async throws -> Bool {
        func requests() -> Int { cloud.server.log.split(separator: "\n").count }
        let before = requests()
        let running = try phone.trips.start(["sync", "--quiet"])
        guard let killAfterRequests else {
            _ = try await running.exit()
            return false
        }
        let reached = try await running.poll("the cloud answering \(killAfterRequests) requests of the sync") {
            isRunning in
            isRunning ? (requests() >= before + killAfterRequests ? true : nil) : false
        }
        guard reached else {
            _ = try await running.exit()
            return false
        }
        running.kill()
        return try await running.exit().killedBySignal
    }
}
