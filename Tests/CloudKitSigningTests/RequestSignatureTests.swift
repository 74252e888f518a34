import CloudKitSigning
import Foundation
import TestSupport
import Testing

@Suite struct RequestSignatureTests {
    @Test func theDateIsISO8601UTCToTheSecond() {
        let date = Date(timeIntervalSince1970: 1_795_746_900.75)
        #expect(SigningDate.format(date) == "2026-11-27T02:35:00Z")
        #expect(SigningDate.parse("2026-11-27T02:35:00Z") == Date(timeIntervalSince1970: 1_795_746_900))
        #expect(SigningDate.parse("2026-11-27T02:35:00.123Z") == Date(timeIntervalSince1970: 1_795_746_900))
        for bad in ["2026-02-30T00:00:00Z", "2026-11-27 02:35:00Z", "2026-11-27T02:35:00", "yesterday", ""] {
            #expect(SigningDate.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func theMessageIsDateBodyHashAndSubpath() {
        let message = RequestSignature.message(
            date: "2026-11-27T02:35:00Z", body: Data(), subpath: "/database/1/c/development/public/records/modify")
        // base64 of SHA-256 of the empty body.
        #expect(
            String(decoding: message, as: UTF8.self)
                == "2026-11-27T02:35:00Z:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:"
                + "/database/1/c/development/public/records/modify")
    }

    @Test func signedHeadersVerifyAndEachTamperingIsRefused() async throws {
        let folder = try OpenSSLTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = try await OpenSSLTool.makeKeyPair(in: folder)
        let other = try await OpenSSLTool.makeKeyPair(in: folder, name: "other")
        let publicKey = try VerifyingKey(contentsOfFile: pair.publicKey.path)
        let key = ServerToServerKey(
            keyID: publicKey.keyID, privateKey: try SigningKey(contentsOfFile: pair.privateKey.path))
        let now = Date(timeIntervalSince1970: 1_795_746_900)
        let body = Data(#"{"operations":[]}"#.utf8)
        let subpath = "/database/1/c/development/public/records/modify"
        let headers = try key.headers(date: now, body: body, subpath: subpath)
        let lookup: (String) -> VerifyingKey? = { $0 == publicKey.keyID ? publicKey : nil }

        let signed = try #require(try SignedRequest(headers: headers))
        #expect(
            try signed.verify(body: body, subpath: subpath, now: now.addingTimeInterval(299), key: lookup) == publicKey)
        #expect(throws: SignatureRefusal.wrongSignature) {
            try signed.verify(body: Data("{}".utf8), subpath: subpath, now: now, key: lookup)
        }
        #expect(throws: SignatureRefusal.wrongSignature) {
            try signed.verify(body: body, subpath: subpath + "x", now: now, key: lookup)
        }
        #expect(throws: SignatureRefusal.staleDate(date: "2026-11-27T02:35:00Z", secondsOff: -600)) {
            try signed.verify(body: body, subpath: subpath, now: now.addingTimeInterval(600), key: lookup)
        }
        #expect(throws: SignatureRefusal.unknownKey(publicKey.keyID)) {
            try signed.verify(body: body, subpath: subpath, now: now, key: { _ in nil })
        }
        let otherKey = ServerToServerKey(
            keyID: publicKey.keyID, privateKey: try SigningKey(contentsOfFile: other.privateKey.path))
        let forged = try #require(try SignedRequest(headers: otherKey.headers(date: now, body: body, subpath: subpath)))
        #expect(throws: SignatureRefusal.wrongSignature) {
            try forged.verify(body: body, subpath: subpath, now: now, key: lookup)
        }
        #expect(try SignedRequest(headers: ["accept": "*/*"]) == nil)
        #expect(throws: SignatureRefusal.missingHeader(RequestSignature.signatureHeader)) {
            try SignedRequest(headers: headers.filter { $0.key != RequestSignature.signatureHeader })
        }
        var lowercased: [String: String] = [:]
        for (name, value) in headers { lowercased[name.lowercased()] = value }
        #expect(try SignedRequest(headers: lowercased) == signed)
    }
}
