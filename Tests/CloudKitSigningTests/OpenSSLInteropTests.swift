import CloudKitSigning
import Foundation
import TestSupport
import Testing

/// Our signatures against the `openssl` command line, both ways: the same bytes CloudKit's
/// servers would check.
@Suite struct OpenSSLInteropTests {
    @Test(arguments: [false, true])
    func ourSignaturesVerifyWithOpenSSL(pkcs8: Bool) async throws {
        let folder = try OpenSSLTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = try await OpenSSLTool.makeKeyPair(in: folder, pkcs8: pkcs8)
        let key = try SigningKey(contentsOfFile: pair.privateKey.path)
        let message = RequestSignature.message(
            date: "2026-11-27T02:15:00Z", body: Data(#"{"operations":[]}"#.utf8),
            subpath: "/database/1/iCloud.trips.local/development/public/records/modify")
        let messageFile = folder.appendingPathComponent("message")
        let signatureFile = folder.appendingPathComponent("signature.der")
        try Data(message).write(to: messageFile)
        try Data(try key.sign(message)).write(to: signatureFile)
        let verified = try await OpenSSLTool.run([
            "dgst", "-sha256", "-verify", pair.publicKey.path, "-signature", signatureFile.path, messageFile.path,
        ])
        #expect(verified.stdout.contains("Verified OK"))
        // The public key read from its file is the private key's public half.
        #expect(try VerifyingKey(contentsOfFile: pair.publicKey.path) == key.publicKey)
    }

    @Test func openSSLSignaturesVerifyWithOurCode() async throws {
        let folder = try OpenSSLTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = try await OpenSSLTool.makeKeyPair(in: folder)
        let message = RequestSignature.message(
            date: "2026-11-27T02:15:00Z", body: Data("{}".utf8), subpath: "/database/1/c/development/public/x")
        let messageFile = folder.appendingPathComponent("message")
        let signatureFile = folder.appendingPathComponent("signature.der")
        try Data(message).write(to: messageFile)
        try await OpenSSLTool.run([
            "dgst", "-sha256", "-sign", pair.privateKey.path, "-out", signatureFile.path, messageFile.path,
        ])
        let signature = Array(try Data(contentsOf: signatureFile))
        let publicKey = try VerifyingKey(contentsOfFile: pair.publicKey.path)
        #expect(publicKey.isValidSignature(signature, of: message))
        var tampered = message
        tampered[0] ^= 1
        #expect(!publicKey.isValidSignature(signature, of: tampered))
        #expect(!publicKey.isValidSignature(Array(signature.dropLast()), of: message))
        // Stored as DER and read back, the key still verifies and keeps its id.
        let stored = try #require(VerifyingKey(der: publicKey.der))
        #expect(stored.isValidSignature(signature, of: message))
        #expect(stored.keyID == publicKey.keyID)
    }

    @Test func theKeyIDIsTheHexSHA256OfThePublicKeyDER() async throws {
        let folder = try OpenSSLTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = try await OpenSSLTool.makeKeyPair(in: folder)
        let der = folder.appendingPathComponent("public.der")
        try await OpenSSLTool.run(["pkey", "-pubin", "-in", pair.publicKey.path, "-outform", "DER", "-out", der.path])
        let digest = try await OpenSSLTool.run(["dgst", "-sha256", "-r", der.path])
        let expected = String(digest.stdout.prefix(64))
        #expect(try VerifyingKey(contentsOfFile: pair.publicKey.path).keyID == expected)
        #expect(expected.count == 64)
    }
}

/// `serve --make-key`'s keys: written as PEM that `openssl` reads, and signing like any other.
@Suite struct GeneratedKeyTests {
    @Test func aGeneratedKeyIsPKCS8ThatOpenSSLReadsAndVerifiesWith() async throws {
        let folder = try OpenSSLTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = try SigningKey.generate()
        let pem = try key.pem()
        #expect(String(decoding: pem, as: UTF8.self).hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let keyFile = folder.appendingPathComponent("made.pem")
        try pem.write(to: keyFile)
        let publicFile = folder.appendingPathComponent("made.pub.pem")
        try await OpenSSLTool.run(["pkey", "-in", keyFile.path, "-pubout", "-out", publicFile.path])
        #expect(try VerifyingKey(contentsOfFile: publicFile.path) == key.publicKey)
        let message = Array("2026-11-27T02:35:00Z:x:/database/1/c/development/public/records/modify".utf8)
        let messageFile = folder.appendingPathComponent("message")
        let signatureFile = folder.appendingPathComponent("signature.der")
        try Data(message).write(to: messageFile)
        try Data(try key.sign(message)).write(to: signatureFile)
        try await OpenSSLTool.run([
            "dgst", "-sha256", "-verify", publicFile.path, "-signature", signatureFile.path, messageFile.path,
        ])
        #expect(try SigningKey.generate().publicKey != key.publicKey)
    }
}
