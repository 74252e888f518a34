import Foundation
import TestSupport
import Testing
import TripsStore

/// Saved trips' names stay unique across devices (issue 25 item 11): a rename on one device and
/// a new trip of the same name on another end as `Y` and `Y (2)`, and the sync says so; a name
/// two trips still share is an error naming both.
@Suite(.serialized) struct SavedTripNameTests {
    static var nowMs: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    /// A `trips` home signed in to `cloud` as `device`, its store bootstrapped by a first sync.
    /// `now` pins its clock (`TRIPS_NOW`).
    static func device(_ name: String, cloud: LiveCloud, token: String, now: String? = nil) async throws -> TripsBinary
    {
        var trips = try TripsBinary(cloud: cloud)
        trips.environment["TRIPS_CLOUD_WEB_AUTH_TOKEN"] = token
        trips.environment["TRIPS_DEVICE_NAME"] = name
        if let now { trips.environment["TRIPS_NOW"] = now }
        let first = try await trips.run("sync", "--quiet")
        #expect(first.status == 0, "\(first.stderr)")
        return trips
    }

    /// A `trips` home with no cloud, its store bootstrapped, and that store opened here.
    static func offline() async throws -> (TripsBinary, CanonicalStore) {
        let trips = try TripsBinary(cloud: nil)
        #expect(try await trips.run("saved", "list").status == 0)
        return (trips, try CanonicalStore(location: .file(trips.storePath)))
    }

    @Test func aRenameAndANewTripOfTheSameNameEndAsTwoNames() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        let a = try await Self.device("laptop", cloud: cloud, token: token)
        defer { a.cleanUp() }
        let b = try await Self.device("desk", cloud: cloud, token: token)
        defer { b.cleanUp() }
        let storeA = try CanonicalStore(location: .file(a.storePath))
        let storeB = try CanonicalStore(location: .file(b.storePath))
        try storeA.editUserRecord(
            "trip_x", type: .savedTrip, set: ["name": "X", "from": "2026-06-01", "to": "2026-06-04"], device: "laptop",
            nowMs: Self.nowMs - 60_000)
        #expect(try await a.run("sync", "--quiet").status == 0)
        #expect(try await b.run("sync", "--quiet").status == 0)
        #expect(try await a.run("saved", "rename", "X", "Y").status == 0)
        try storeB.editUserRecord(
            "trip_y", type: .savedTrip, set: ["name": "Y", "from": "2026-07-01", "to": "2026-07-02"], device: "desk",
            nowMs: Self.nowMs + 1_000)
        #expect(try await a.run("sync").status == 0)
        let told = try await b.run("sync")
        #expect(told.status == 0, "\(told.stderr)")
        #expect(told.stdout.contains("'Y (2)'"), "\(told.stdout)")
        #expect(try await a.run("sync", "--quiet").status == 0)
        for store in [storeA, storeB] {
            let names = try store.savedTrips().map { "\($0.id)=\($0.name)" }
            #expect(names == ["trip_x=Y", "trip_y=Y (2)"])
        }
        let shown = try await a.run("saved", "show", "Y (2)")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("changed on desk"))
    }

    @Test func aNameTwoTripsShareIsAnErrorNamingBoth() async throws {
        let (trips, store) = try await Self.offline()
        defer { trips.cleanUp() }
        try store.editUserRecord(
            "trip_1a2b3c4d-0000", type: .savedTrip, set: ["name": "Y", "from": "2026-06-01", "to": "2026-06-04"],
            device: "laptop", nowMs: Self.nowMs)
        try store.editUserRecord(
            "trip_5e6f7a8b-0000", type: .savedTrip, set: ["name": "y", "from": "2026-07-01", "to": "2026-07-02"],
            device: "desk", nowMs: Self.nowMs)
        for command in [["saved", "show", "Y"], ["saved", "note", "Y", "hello"], ["saved", "delete", "Y"]] {
            let ambiguous = try await trips.start(command).exit()
            #expect(ambiguous.status == 2, "\(command): \(ambiguous.stdout)")
            #expect(ambiguous.stderr.contains("2026-06-01"), "\(ambiguous.stderr)")
            #expect(ambiguous.stderr.contains("2026-07-01"), "\(ambiguous.stderr)")
            #expect(ambiguous.stderr.contains("1a2b3c4d"), "\(ambiguous.stderr)")
            #expect(ambiguous.stderr.contains("5e6f7a8b"), "\(ambiguous.stderr)")
        }
        #expect(try store.savedTrips().count == 2)
        // Either can be named by its id.
        let byId = try await trips.run("saved", "rename", "5e6f7a8b", "Z")
        #expect(byId.status == 0, "\(byId.stderr)")
        #expect(try store.savedTrips().map(\.name) == ["Y", "Z"])
    }
}
