import CloudKitSigning
import Foundation
import TestSupport
import Testing

/// Key files a user may hand us by mistake, each refused with a reason that says what to do.
@Suite struct KeyFileTests {
    @Test func aMissingFileIsUnreadable() {
        #expect(throws: SigningError.unreadableKeyFile(path: "/nonexistent/key.pem", reason: "no such file")) {
            try SigningKey(contentsOfFile: "/nonexistent/key.pem")
        }
    }

    @Test func textThatIsNoKeyIsRefused() throws {
        #expect(throws: SigningError.notAKey(source: "k", what: "private key")) {
            try SigningKey(pem: Data("hello".utf8), source: "k")
        }
        #expect(throws: SigningError.notAKey(source: "k", what: "public key")) {
            try VerifyingKey(
                pem: Data("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n".utf8), source: "k")
        }
    }

    @Test func anotherCurveIsRefused() async throws {
        let folder = try OpenSSLTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = try await OpenSSLTool.makeKeyPair(in: folder, curve: "secp384r1")
        #expect(throws: SigningError.wrongCurve(source: pair.privateKey.path, curve: "secp384r1")) {
            try SigningKey(contentsOfFile: pair.privateKey.path)
        }
        #expect(throws: SigningError.wrongCurve(source: pair.publicKey.path, curve: "secp384r1")) {
            try VerifyingKey(contentsOfFile: pair.publicKey.path)
        }
    }

    @Test func anRSAKeyIsRefused() async throws {
        let folder = try OpenSSLTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("rsa.pem").path
        try await OpenSSLTool.run(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", path])
        #expect(throws: SigningError.notAnECKey(source: path, type: "RSA")) { try SigningKey(contentsOfFile: path) }
    }

    @Test func aPrivateKeyIsNotRegisteredAsThePublicOne() async throws {
        let folder = try OpenSSLTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = try await OpenSSLTool.makeKeyPair(in: folder)
        #expect(throws: SigningError.privateKeyGiven(source: pair.privateKey.path)) {
            try VerifyingKey(contentsOfFile: pair.privateKey.path)
        }
    }

    @Test func anEncryptedKeyIsRefusedWithoutAPrompt() async throws {
        let folder = try OpenSSLTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = try await OpenSSLTool.makeKeyPair(in: folder)
        let locked = folder.appendingPathComponent("locked.pem").path
        try await OpenSSLTool.run([
            "pkcs8", "-topk8", "-in", pair.privateKey.path, "-passout", "pass:secret", "-out", locked,
        ])
        #expect(throws: SigningError.encryptedKey(source: locked)) { try SigningKey(contentsOfFile: locked) }
    }

    @Test func descriptionsNeverShowTheKey() async throws {
        let folder = try OpenSSLTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = try await OpenSSLTool.makeKeyPair(in: folder)
        let pem = try String(contentsOf: pair.privateKey, encoding: .utf8)
        let body = pem.split(separator: "\n").dropFirst().first.map(String.init) ?? pem
        let key = try ServerToServerKey(keyID: "abc123", privateKeyFile: pair.privateKey.path)
        #expect(!String(describing: key).contains(body))
        #expect(!String(describing: key.privateKey).contains(body))
        #expect(String(describing: key) == "ServerToServerKey(abc123)")
    }
}
