import CloudServerProcess
import Foundation
import Testing

/// `trips login` asks the cloud whether it knows the token before keeping it: a token the cloud
/// refuses would only make every later sync fail. A cloud that cannot be reached leaves the check
/// to the next sync, and says so.
@Suite struct LoginCheckTests {
    func storedToken(_ trips: TripsBinary) throws -> String? {
        guard let data = FileManager.default.contents(atPath: trips.configPath) else { return nil }
        let settings = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return settings?["cloud.webAuthToken"] as? String
    }

    @Test func aTokenTheCloudDoesNotKnowIsRefusedAndNotKept() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }

        let login = try await trips.runWithInput("made-up-token-123\n", "login")

        #expect(login.status == 1, "\(login.stdout)\(login.stderr)")
        #expect(login.stderr.contains("the cloud does not accept this token"))
        #expect(!login.stderr.contains("made-up-token-123"))
        #expect(try storedToken(trips) == nil)
    }

    @Test func aTokenTheCloudKnowsIsKept() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        let token = try await cloud.server.addUser("ana")

        let login = try await trips.runWithInput(token + "\n", "login")

        #expect(login.status == 0, "\(login.stdout)\(login.stderr)")
        #expect(login.stdout.contains("Signed in."))
        #expect(try storedToken(trips) == token)
    }

    @Test func anUnreachableCloudLeavesTheCheckToTheNextSync() async throws {
        let cloud = try await LiveCloud.start()
        var trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        cloud.stop()  // its port is now closed
        trips.environment["TRIPS_CLOUD_URL"] = cloud.server.url.absoluteString

        let login = try await trips.runWithInput("some-token-456\n", "login")

        #expect(login.status == 0, "\(login.stdout)\(login.stderr)")
        #expect(login.stderr.contains("could not reach the cloud to check the token"))
        #expect(try storedToken(trips) == "some-token-456")
    }

    /// A cloud set only in part (no API token) cannot check a token: refused, nothing kept.
    @Test func aCloudWithoutItsAPITokenCannotSignIn() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        var trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_CLOUD_API_TOKEN"] = nil
        let login = try await trips.runWithInput("garbage\n", "login")
        #expect(login.status != 0, "\(login.stdout)\(login.stderr)")
        #expect(!login.stdout.contains("Signed in") && login.stderr.contains("cloud.apiToken"), "\(login.stderr)")
        #expect(try storedToken(trips) == nil)
    }
}
