/// Why a server-to-server key could not be read or used. Each case words the problem for the
/// person who made the key file, with the `openssl` line that makes a right one; never the key.
public enum SigningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is missing or cannot be read.
    case unreadableKeyFile(path: String, reason: String)
    /// The text holds no PEM key of the expected kind (`what`: "private key", "public key").
    case notAKey(source: String, what: String)
    /// A passphrase protects the private key; a server process has nobody to type it.
    case encryptedKey(source: String)
    /// A private key where the public one was expected (it must never be handed out).
    case privateKeyGiven(source: String)
    /// An RSA, Ed25519 … key: server-to-server keys are ECDSA.
    case notAnECKey(source: String, type: String)
    /// An EC key on another curve than P-256 (prime256v1).
    case wrongCurve(source: String, curve: String)
    /// libcrypto failed to sign (out of memory, a broken key).
    case signingFailed(String)

    static let makeKey =
        "make one with: openssl ecparam -name prime256v1 -genkey -noout -out key.pem; "
        + "openssl ec -in key.pem -pubout -out public.pem"

    public var description: String {
        switch self {
        case .unreadableKeyFile(let path, let reason): return "cannot read the key file \(path): \(reason)"
        case .notAKey(let source, let what): return "\(source) holds no PEM \(what) (\(SigningError.makeKey))"
        case .encryptedKey(let source):
            return "\(source) is protected by a passphrase; store it unencrypted where only its owner can read it"
        case .privateKeyGiven(let source):
            return "\(source) is a private key; register its public key (openssl ec -in KEY.pem -pubout)"
        case .notAnECKey(let source, let type):
            return "\(source) is a \(type) key; server-to-server keys are ECDSA P-256 (\(SigningError.makeKey))"
        case .wrongCurve(let source, let curve):
            return "\(source) is on curve \(curve); server-to-server keys use P-256 (prime256v1)"
        case .signingFailed(let detail): return "cannot sign the request: \(detail)"
        }
    }
}
