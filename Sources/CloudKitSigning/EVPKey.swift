import CCrypto
import Foundation

/// One libcrypto `EVP_PKEY`, freed with its owner. Used only through OpenSSL 3's EVP calls, which
/// may share one key between threads (each operation makes its own `EVP_MD_CTX`), hence
/// `@unchecked Sendable`.
final class EVPKey: @unchecked Sendable {
    let pointer: OpaquePointer

    private init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { EVP_PKEY_free(pointer) }

    /// A P-256 private key from PEM text: SEC1 ("EC PRIVATE KEY", `openssl ecparam -genkey`) or
    /// PKCS#8 ("PRIVATE KEY", `openssl genpkey`).
    static func privateKey(pem: Data, source: String) throws(SigningError) -> EVPKey {
        let text = String(decoding: pem, as: UTF8.self)
        if text.contains("ENCRYPTED") { throw .encryptedKey(source: source) }
        guard let key = read(pem, .privateKey) else { throw .notAKey(source: source, what: "private key") }
        try key.checkP256(source: source)
        return key
    }

    /// A P-256 public key from PEM text ("PUBLIC KEY", `openssl ec -pubout`).
    static func publicKey(pem: Data, source: String) throws(SigningError) -> EVPKey {
        let text = String(decoding: pem, as: UTF8.self)
        guard let key = read(pem, .publicKey) else {
            if text.contains("PRIVATE KEY") { throw .privateKeyGiven(source: source) }
            throw .notAKey(source: source, what: "public key")
        }
        try key.checkP256(source: source)
        return key
    }

    /// A new P-256 key pair.
    static func generate() throws(SigningError) -> EVPKey {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
            throw .signingFailed("cannot make a key: \(lastError())")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
            EVP_PKEY_generate(context, &key) == 1, let key
        else { throw .signingFailed("cannot make a key: \(lastError())") }
        return EVPKey(key)
    }

    /// The private key as PKCS#8 PEM ("PRIVATE KEY"), unencrypted.
    func privatePEM() throws(SigningError) -> Data {
        guard let bio = BIO_new(BIO_s_mem()) else { throw .signingFailed("out of memory") }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PrivateKey(bio, pointer, nil, nil, 0, nil, nil) == 1 else {
            throw .signingFailed("cannot write the key: \(EVPKey.lastError())")
        }
        var pem = Data()
        var chunk = [UInt8](repeating: 0, count: 1024)
        while true {
            let count = BIO_read(bio, &chunk, Int32(chunk.count))
            guard count > 0 else { break }
            pem.append(contentsOf: chunk.prefix(Int(count)))
        }
        return pem
    }

    /// A public key from its DER SubjectPublicKeyInfo (what the server stores).
    static func publicKey(der: [UInt8]) -> EVPKey? {
        der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            guard let key = d2i_PUBKEY(nil, &cursor, buffer.count) else {
                ERR_clear_error()
                return nil
            }
            return EVPKey(key)
        }
    }

    private enum PEMKind { case privateKey, publicKey }

    /// Runs a PEM reader over `pem`. The passphrase callback answers none: libcrypto's default
    /// one would prompt on the terminal.
    private static func read(_ pem: Data, _ kind: PEMKind) -> EVPKey? {
        let key: OpaquePointer? = pem.withUnsafeBytes { bytes in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            switch kind {
            case .privateKey: return PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in 0 }, nil)
            case .publicKey: return PEM_read_bio_PUBKEY(bio, nil, { _, _, _, _ in 0 }, nil)
            }
        }
        ERR_clear_error()
        return key.map(EVPKey.init)
    }

    private func checkP256(source: String) throws(SigningError) {
        guard EVP_PKEY_is_a(pointer, "EC") == 1 else {
            let type = EVP_PKEY_get0_type_name(pointer).map { String(cString: $0) } ?? "non-EC"
            throw .notAnECKey(source: source, type: type)
        }
        var name = [CChar](repeating: 0, count: 80)
        var length = 0
        guard EVP_PKEY_get_group_name(pointer, &name, name.count, &length) == 1 else {
            ERR_clear_error()
            throw .wrongCurve(source: source, curve: "unknown")
        }
        let curve = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard curve == "prime256v1" || curve == "P-256" else { throw .wrongCurve(source: source, curve: curve) }
    }

    /// The DER SubjectPublicKeyInfo of the key's public half.
    var publicDER: [UInt8] {
        let length = i2d_PUBKEY(pointer, nil)
        guard length > 0 else { return [] }
        var der = [UInt8](repeating: 0, count: Int(length))
        der.withUnsafeMutableBufferPointer { buffer in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            _ = i2d_PUBKEY(pointer, &cursor)
        }
        return der
    }

    /// ECDSA-SHA256 of `message`, DER-encoded (what `openssl dgst -sha256 -sign` writes).
    func sign(_ message: [UInt8]) throws(SigningError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw .signingFailed("out of memory") }
        defer { EVP_MD_CTX_free(context) }
        var size = 0
        let signature: [UInt8]? = message.withUnsafeBufferPointer { input in
            guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, pointer) == 1,
                EVP_DigestSign(context, nil, &size, input.baseAddress, input.count) == 1
            else { return nil }
            var output = [UInt8](repeating: 0, count: size)
            guard EVP_DigestSign(context, &output, &size, input.baseAddress, input.count) == 1 else { return nil }
            return Array(output.prefix(size))
        }
        guard let signature else {
            let detail = EVPKey.lastError()
            throw .signingFailed(detail)
        }
        return signature
    }

    /// Whether `signature` (DER ECDSA) is this key's signature of `message` with SHA-256.
    func verify(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        let valid = message.withUnsafeBufferPointer { input in
            signature.withUnsafeBufferPointer { sig in
                EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, pointer) == 1
                    && EVP_DigestVerify(context, sig.baseAddress, sig.count, input.baseAddress, input.count) == 1
            }
        }
        ERR_clear_error()
        return valid
    }

    /// libcrypto's last error on this thread, worded by it; the queue is cleared.
    private static func lastError() -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return "libcrypto error" }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
