import Digest
import Foundation

/// CloudKit Web Services' server-to-server request signature (version 1): ECDSA-SHA256 over
/// `date:base64(sha256(body)):subpath`, where `date` is `SigningDate` text and `subpath` the
/// URL's path from `/database/` on (no host, no query string), sent base64 (DER) in
/// `X-Apple-CloudKit-Request-SignatureV1` beside the key id and the date.
public enum RequestSignature {
    public static let keyIDHeader = "X-Apple-CloudKit-Request-KeyID"
    public static let dateHeader = "X-Apple-CloudKit-Request-ISO8601Date"
    public static let signatureHeader = "X-Apple-CloudKit-Request-SignatureV1"

    /// How far a request's date may be from the server's clock, either way: a captured request
    /// cannot be replayed later than this, and honest clocks a little apart still work.
    public static let freshness: TimeInterval = 5 * 60

    /// The signed text.
    public static func message(date: String, body: Data, subpath: String) -> [UInt8] {
        var hash = SHA256()
        hash.update(body)
        return Array((date + ":" + Data(hash.finalize()).base64EncodedString() + ":" + subpath).utf8)
    }
}

/// A key id with its private key: what a publisher configures to write the public database.
/// `description` shows the key id only.
public struct ServerToServerKey: Sendable, Hashable, CustomStringConvertible {
    /// The id the server knows the public key by (`trips-cloud key add` prints it; CloudKit's
    /// dashboard shows it).
    public let keyID: String
    public let privateKey: SigningKey

    public init(keyID: String, privateKey: SigningKey) {
        self.keyID = keyID
        self.privateKey = privateKey
    }

    /// Reads the private key's PEM file.
    public init(keyID: String, privateKeyFile path: String) throws(SigningError) {
        self.init(keyID: keyID, privateKey: try SigningKey(contentsOfFile: path))
    }

    /// The three headers that sign a request of `body` to `subpath` at `date`.
    public func headers(date: Date, body: Data, subpath: String) throws(SigningError) -> [String: String] {
        let text = SigningDate.format(date)
        let signature = try privateKey.sign(RequestSignature.message(date: text, body: body, subpath: subpath))
        return [
            RequestSignature.keyIDHeader: keyID, RequestSignature.dateHeader: text,
            RequestSignature.signatureHeader: Data(signature).base64EncodedString(),
        ]
    }

    public static func == (a: ServerToServerKey, b: ServerToServerKey) -> Bool {
        a.keyID == b.keyID && a.privateKey.publicKey == b.privateKey.publicKey
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyID)
        hasher.combine(privateKey.publicKey)
    }

    public var description: String { "ServerToServerKey(\(keyID))" }
}
