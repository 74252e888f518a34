import CloudKitClient
import Foundation
import TestSupport
import Testing
import TripsStore

/// An outbox per account (issue 37 item 4), against a real `trips-cloud`: after a sign-in as
/// another user, the edits made for the first are never sent to the second's private database;
/// they wait for their own account, and once they are sent a switch starts the new account afresh.
@Suite(.serialized) struct UserDataAccountTests {
    static var nowMs: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    /// The account's user data in the cloud ("UserData 0 …" when it has no zone yet: nothing
    /// was ever sent there).
    static func cloudHolds(_ cloud: LiveCloud, token: String) async throws -> String {
        do {
            return try await UserDataSyncTests.cloudChecksum(cloud, token: token)
        } catch let error as CloudError where error.serverErrorCode == .zoneNotFound {
            return "UserData 0 (no zone)"
        }
    }

    @Test func editsMadeForOneAccountAreNeverSentToAnother() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let jo = try await cloud.addUser("jo")
        let al = try await cloud.addUser("al")
        var trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_CLOUD_WEB_AUTH_TOKEN"] = jo
        #expect(try await trips.run("sync", "--quiet").status == 0)
        let store = try CanonicalStore(location: .file(trips.storePath))
        try store.editUserRecord(
            "trip_private", type: .savedTrip, set: ["name": "Jo's secret", "notes": "for jo only"], device: "d",
            nowMs: Self.nowMs)

        // Jo signs out, Al signs in on the same device: Jo's edit stays, and is not sent to Al.
        trips.environment["TRIPS_CLOUD_WEB_AUTH_TOKEN"] = al
        let held = try await trips.run("sync")
        #expect(held.status != 0, "the sync says the user data is held")
        #expect(held.stderr.contains("never sent to another account"), "\(held.stderr)")
        #expect(try await Self.cloudHolds(cloud, token: al).hasPrefix("UserData 0 "))
        #expect(try store.pendingUserChanges() == 1, "kept for Jo")

        // Back as Jo: it goes to Jo's database.
        trips.environment["TRIPS_CLOUD_WEB_AUTH_TOKEN"] = jo
        #expect(try await trips.run("sync", "--quiet").status == 0)
        #expect(try await UserDataSyncTests.cloudChecksum(cloud, token: jo).hasPrefix("UserData 1 "))

        // Nothing waits now: Al's sign-in starts Al afresh, and Jo's trip is not shown as Al's.
        trips.environment["TRIPS_CLOUD_WEB_AUTH_TOKEN"] = al
        let switched = try await trips.run("sync")
        #expect(switched.status == 0, "\(switched.stderr)")
        #expect(switched.stdout.contains("Signed in as another account"), "\(switched.stdout)")
        #expect(try store.savedTrips().isEmpty)
        #expect(try await Self.cloudHolds(cloud, token: al).hasPrefix("UserData 0 "))
        #expect(try await UserDataSyncTests.cloudChecksum(cloud, token: jo).hasPrefix("UserData 1 "), "Jo's is kept")
    }
}
