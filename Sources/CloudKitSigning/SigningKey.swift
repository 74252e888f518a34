import Digest
import Foundation

/// The private half of a server-to-server key: signs requests. Its text is never shown
/// (`description` names only the key id of its public half).
public struct SigningKey: Sendable, CustomStringConvertible {
    let key: EVPKey

    /// Reads PEM text: SEC1 (`openssl ecparam -genkey`) or PKCS#8 (`openssl genpkey`), P-256 only.
    /// - Parameter source: how errors name where the text came from.
    public init(pem: Data, source: String = "the private key") throws(SigningError) {
        key = try EVPKey.privateKey(pem: pem, source: source)
    }

    /// Reads a PEM file.
    public init(contentsOfFile path: String) throws(SigningError) {
        try self.init(pem: try KeyFile.read(path), source: path)
    }

    private init(_ key: EVPKey) { self.key = key }

    /// A new random P-256 key (`trips-cloud serve --make-key`: a development server's own
    /// publisher key; a real publisher makes its key with `openssl`).
    public static func generate() throws(SigningError) -> SigningKey { SigningKey(try EVPKey.generate()) }

    /// The key as unencrypted PKCS#8 PEM, for its owner's private file only (never shown).
    public func pem() throws(SigningError) -> Data { try key.privatePEM() }

    /// The public half, to register with the server.
    public var publicKey: VerifyingKey { VerifyingKey(der: key.publicDER, key: key) }

    /// ECDSA-SHA256 of `message`, DER-encoded.
    public func sign(_ message: [UInt8]) throws(SigningError) -> [UInt8] { try key.sign(message) }

    public var description: String { "SigningKey(public key id \(publicKey.keyID))" }
}

/// The public half of a server-to-server key: what `trips-cloud key add` registers and the
/// server verifies with. Equal keys have equal DER.
public struct VerifyingKey: Sendable, Hashable, CustomStringConvertible {
    /// DER SubjectPublicKeyInfo: the form the server stores.
    public let der: [UInt8]
    let key: EVPKey

    init(der: [UInt8], key: EVPKey) {
        self.der = der
        self.key = key
    }

    /// Reads PEM text ("PUBLIC KEY", `openssl ec -pubout`), P-256 only.
    public init(pem: Data, source: String = "the public key") throws(SigningError) {
        let key = try EVPKey.publicKey(pem: pem, source: source)
        self.init(der: key.publicDER, key: key)
    }

    /// Reads a PEM file.
    public init(contentsOfFile path: String) throws(SigningError) {
        try self.init(pem: try KeyFile.read(path), source: path)
    }

    /// Reads stored DER; nil when it is not a P-256 public key.
    public init?(der: [UInt8]) {
        guard let key = EVPKey.publicKey(der: der) else { return nil }
        self.init(der: der, key: key)
    }

    /// The key's id: hex SHA-256 of its DER. CloudKit shows an opaque hex id per key; this one
    /// is derived, so the same public key always gets the same id and no table of ids is needed
    /// to find it.
    public var keyID: String {
        var hash = SHA256()
        hash.update(der)
        return SHA256.hex(hash.finalize())
    }

    /// Whether `signature` (DER ECDSA-SHA256) signs `message` with this key.
    public func isValidSignature(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        key.verify(signature, of: message)
    }

    public static func == (a: VerifyingKey, b: VerifyingKey) -> Bool { a.der == b.der }

    public func hash(into hasher: inout Hasher) { hasher.combine(der) }

    public var description: String { "VerifyingKey(\(keyID))" }
}

/// Reads key files with one error for every way it can fail.
enum KeyFile {
    static func read(_ path: String) throws(SigningError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file"
            throw .unreadableKeyFile(path: path, reason: reason)
        }
    }
}
