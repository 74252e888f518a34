import CloudKitClient
import CloudKitSigning
import CloudKitWeb
import Foundation
import TestSupport
import Testing

/// A client configured with a server-to-server key signs its public-database requests as
/// CloudKit wants them: the three headers, no token in the URL, the date from the injected clock.
@Suite struct SignedRequestTests {
    @Test func publicRequestsAreSignedWithTheInjectedDateAndCarryNoToken() async throws {
        let folder = try OpenSSLTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = try await OpenSSLTool.makeKeyPair(in: folder)
        let publicKey = try VerifyingKey(contentsOfFile: pair.publicKey.path)
        var settings = configuration(web: true)
        settings.serverKey = try ServerToServerKey(keyID: publicKey.keyID, privateKeyFile: pair.privateKey.path)
        let transport = FakeTransport([.json(200, #"{"records": []}"#), .json(200, #"{"records": []}"#)])
        let moment = Date(timeIntervalSince1970: 1_795_746_900)
        let database = CloudDatabase(
            configuration: settings, scope: .public, transport: transport, clock: VirtualClock(), date: { moment })
        _ = try await database.modify([])

        let request = try #require(transport.requests.first)
        let subpath = "/database/1/iCloud.trips.test/development/public/records/modify"
        #expect(request.url.path == subpath)
        #expect(request.url.query == nil)
        #expect(request.headers[RequestSignature.keyIDHeader] == publicKey.keyID)
        #expect(request.headers[RequestSignature.dateHeader] == "2026-11-27T02:35:00Z")
        let signed = try #require(try SignedRequest(headers: request.headers))
        let verified = try signed.verify(body: request.body ?? Data(), subpath: subpath, now: moment) {
            $0 == publicKey.keyID ? publicKey : nil
        }
        #expect(verified == publicKey)
        #expect(!settings.description.contains("BEGIN"))
        #expect(settings.description.contains("serverKey: \(publicKey.keyID)"))

        // The private database is never signed: it goes with the tokens.
        _ = try await database.database(.private).lookup(["x"])
        let privateRequest = try #require(transport.requests.last)
        #expect(privateRequest.headers[RequestSignature.signatureHeader] == nil)
        #expect(privateRequest.url.query?.hasPrefix("ckAPIToken=") == true)
    }
}
