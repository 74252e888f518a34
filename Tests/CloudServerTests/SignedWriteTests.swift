import CloudKitClient
import CloudKitSigning
import CloudKitWeb
import Foundation
import TestSupport
import Testing

/// Public-database writes signed with a server-to-server key, checked as CloudKit checks them.
@Suite struct SignedWriteTests {
    static let operation = RecordOperation(
        .forceUpdate, Record(recordName: "game_0000", recordType: "Game", fields: ["status": .string("final")]))

    @Test func keyAddPrintsTheKeyIDLastAndKeysAreListedAndRemoved() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let publisher = try await server.makeKey("publisher")
        let expected = try VerifyingKey(contentsOfFile: publisher.publicKey.path).keyID
        #expect(publisher.output.hasSuffix(expected + "\n"))
        #expect(publisher.key.keyID == expected)
        let db = server.process.databaseURL.path
        let again = try await server.tool(["key", "add", "publisher", publisher.publicKey.path, "--db", db])
        #expect(again.status == 0)
        #expect(again.stdout.split(separator: "\n").last.map(String.init) == expected)
        let other = try await server.makeKey("other", register: false)
        let clash = try await server.tool(["key", "add", "publisher", other.publicKey.path, "--db", db])
        #expect(clash.status == 1)
        #expect(clash.stderr.contains("taken by key \(expected)"))
        let privateGiven = try await server.tool(["key", "add", "oops", other.privateKey.path, "--db", db])
        #expect(privateGiven.status == 1)
        #expect(privateGiven.stderr.contains("is a private key"))
        #expect(!privateGiven.stderr.contains("BEGIN"))
        // Listed by name: this one, then the key `serve --make-key` registered for CloudServerProcess.
        let listed = try await server.tool(["key", "list", "--db", db]).stdout.split(separator: "\n")
        #expect(listed.count == 2)
        #expect(listed.first?.hasPrefix("publisher\t\(expected)\t") == true)
        #expect(listed.last?.hasPrefix("serve-" + server.process.serverKeyID.prefix(12) + "\t") == true)
        let removed = try await server.tool(["key", "remove", "publisher", "--db", db])
        #expect(removed.status == 0)
        #expect(!(try await server.tool(["key", "list", "--db", db]).stdout.contains("publisher")))
        // A removed key signs nothing any more.
        await #expect { _ = try await server.signedDatabase(publisher.key).modify([Self.operation]) } throws: {
            code(of: $0) == .authenticationFailed
        }
    }

    @Test func aSignedWriteSucceedsAndNamesItsKey() async throws {
        let server = try await TestServer.start(games: 2)
        defer { server.close() }
        let publisher = try await server.makeKey("publisher")
        let database = server.signedDatabase(publisher.key)
        let saved = try #require(try await database.modify([Self.operation]).first?.value)
        #expect(saved["status"] == .string("final"))
        #expect(saved.modified?.userRecordName == "_key_" + publisher.key.keyID.prefix(16))
        // Reads sign too, and the API-token client sees the write.
        #expect(try await database.lookup(["game_0000"]).first?.value?.recordChangeTag == saved.recordChangeTag)
        #expect(try await server.database().lookup(["game_0000"]).first?.value?["status"] == .string("final"))
    }

    @Test func aStaleOrFutureDateIsRefused() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let publisher = try await server.makeKey("publisher")
        for offset in [-600.0, 600] {
            let database = server.signedDatabase(publisher.key) { Date().addingTimeInterval(offset) }
            await #expect {
                _ = try await database.modify([Self.operation])
            } throws: { error in
                guard case .server(let body, 401)? = error as? CloudError else { return false }
                return body.serverErrorCode == .authenticationFailed
                    && body.reason?.contains(offset < 0 ? "behind the server's clock" : "ahead of") == true
            }
        }
        #expect(
            try await server.signedDatabase(publisher.key) { Date().addingTimeInterval(-120) }
                .modify([Self.operation]).first?.value != nil)
    }

    @Test func forgedSignaturesAreRefused() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let publisher = try await server.makeKey("publisher")
        let stranger = try await server.makeKey("stranger", register: false)
        let modify = server.path(.public, "records/modify")
        let body = Data(#"{"operations":[]}"#.utf8)

        func send(_ headers: [String: String], to path: String = modify, body sent: Data = body) async throws
            -> HTTPResponse
        {
            try await server.raw("POST", path, headers: headers, body: String(decoding: sent, as: UTF8.self))
        }
        func refusal(_ response: HTTPResponse) -> String? {
            guard response.status == 401, response.errorBody?.serverErrorCode == .authenticationFailed else {
                return nil
            }
            return response.errorBody?.reason
        }

        let good = try publisher.key.headers(date: Date(), body: body, subpath: modify)
        #expect(try await send(good).status == 200)

        // Another key's signature under the registered key id.
        let wrongKey = ServerToServerKey(keyID: publisher.key.keyID, privateKey: stranger.key.privateKey)
        let forged = try await send(try wrongKey.headers(date: Date(), body: body, subpath: modify))
        #expect(refusal(forged)?.contains("does not match") == true)

        // The body changed after signing.
        let tampered = try await send(good, body: Data(#"{"operations": [ ]}"#.utf8))
        #expect(refusal(tampered)?.contains("does not match") == true)

        // Signed for another path (a query), sent to records/modify.
        let elsewhere = try publisher.key.headers(
            date: Date(), body: body, subpath: server.path(.public, "records/query"))
        #expect(refusal(try await send(elsewhere))?.contains("does not match") == true)

        // Ten minutes old.
        let old = try publisher.key.headers(date: Date().addingTimeInterval(-600), body: body, subpath: modify)
        #expect(refusal(try await send(old))?.contains("behind the server's clock") == true)

        // A key nobody registered.
        let unknown = try await send(try stranger.key.headers(date: Date(), body: body, subpath: modify))
        // Told as a wrong signature is: a 401 never says whether a key id exists.
        #expect(refusal(unknown) == refusal(forged))
        #expect(refusal(unknown)?.contains(stranger.key.keyID) == false)

        // Half the headers, a garbled signature, a garbled date.
        var partial = good
        partial[RequestSignature.signatureHeader] = nil
        #expect(refusal(try await send(partial))?.contains(RequestSignature.signatureHeader) == true)
        var garbled = good
        garbled[RequestSignature.signatureHeader] = "%%%"
        #expect(refusal(try await send(garbled)) == "the request signature is not base64")
        var undated = good
        undated[RequestSignature.dateHeader] = "yesterday"
        #expect(refusal(try await send(undated))?.contains("not ISO 8601") == true)

        // Keys sign the public database only.
        let privatePath = server.path(.private, "records/modify")
        let toPrivate = try await send(
            try publisher.key.headers(date: Date(), body: body, subpath: privatePath), to: privatePath)
        #expect(refusal(toPrivate)?.contains("public database only") == true)
    }
}
