import CCrypto
import Foundation

/// A password as the server keeps it: PBKDF2-HMAC-SHA256 over a random salt, never the password.
/// Stored as `pbkdf2-sha256$ITERATIONS$SALT$HASH` (salt and hash in base64), so the work factor
/// can grow later while old hashes still verify. The slow hash makes a stolen database expensive
/// to guess from; libcrypto does the work (the same library the signatures use).
struct PasswordHash: Sendable, Hashable {
    /// OWASP's 2023 figure for PBKDF2-HMAC-SHA256 (≈ 0.2–0.4 s on this VM's cores).
    static let defaultIterations = 600_000
    /// A password longer than this is refused before hashing (a form field can be a megabyte).
    static let maximumPasswordBytes = 1024
    static let scheme = "pbkdf2-sha256"

    let iterations: Int
    let salt: [UInt8]
    let hash: [UInt8]

    /// Hashes `password` with a new random salt; nil only when libcrypto fails (out of memory).
    init?(password: String, iterations: Int = PasswordHash.defaultIterations) {
        var rng = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) }
        guard let hash = PasswordHash.derive(password, salt, iterations) else { return nil }
        self.init(iterations: iterations, salt: salt, hash: hash)
    }

    private init(iterations: Int, salt: [UInt8], hash: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
    }

    /// Reads the stored form; nil when it is not one this server writes.
    init?(stored: String) {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == PasswordHash.scheme, let iterations = Int(parts[1]), iterations > 0,
            let salt = Data(base64Encoded: String(parts[2])), let hash = Data(base64Encoded: String(parts[3])),
            !salt.isEmpty, hash.count == 32
        else { return nil }
        self.init(iterations: iterations, salt: Array(salt), hash: Array(hash))
    }

    var stored: String {
        "\(PasswordHash.scheme)$\(iterations)$\(Data(salt).base64EncodedString())$\(Data(hash).base64EncodedString())"
    }

    /// Whether `password` is the one hashed; compares every byte (no early exit), so the answer's
    /// timing does not tell how much of the hash matched.
    func verify(_ password: String) -> Bool {
        guard password.utf8.count <= PasswordHash.maximumPasswordBytes else { return false }
        guard let candidate = PasswordHash.derive(password, salt, iterations) else { return false }
        var difference: UInt8 = candidate.count == hash.count ? 0 : 1
        for (a, b) in zip(candidate, hash) { difference |= a ^ b }
        return difference == 0
    }

    /// PBKDF2-HMAC-SHA256, 32 bytes; nil when libcrypto fails.
    private static func derive(_ password: String, _ salt: [UInt8], _ iterations: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: 32)
        let ok = password.withCString { pass in
            PKCS5_PBKDF2_HMAC(
                pass, Int32(password.utf8.count), salt, Int32(salt.count), Int32(iterations), EVP_sha256(),
                Int32(output.count), &output)
        }
        return ok == 1 ? output : nil
    }
}
