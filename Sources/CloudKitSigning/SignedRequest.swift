import Foundation

/// Why a server refuses a signed request. CloudKit answers every one of them 401
/// `AUTHENTICATION_FAILED`; the reason says which check failed, never a key.
public enum SignatureRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    case missingHeader(String)
    case malformedDate(String)
    case staleDate(date: String, secondsOff: Int)
    case unknownKey(String)
    case malformedSignature
    case wrongSignature

    public var description: String {
        switch self {
        case .missingHeader(let name): return "a signed request needs the \(name) header"
        case .malformedDate(let text):
            return "the request date \(text) is not ISO 8601 UTC to the second (2026-07-04T19:05:00Z)"
        case .staleDate(let date, let secondsOff):
            let side = secondsOff < 0 ? "behind" : "ahead of"
            return "the request date \(date) is \(abs(secondsOff)) s \(side) the server's clock "
                + "(at most \(Int(RequestSignature.freshness)) s either way)"
        case .unknownKey(let id): return "no server-to-server key \(id) is registered"
        case .malformedSignature: return "the request signature is not base64"
        case .wrongSignature:
            return "the request signature does not match its key, date, body and path"
        }
    }
}

/// The signature headers of a request as a server reads them.
public struct SignedRequest: Sendable, Hashable {
    public var keyID: String
    public var date: String
    public var signature: String

    /// Nil when the request carries none of the three headers (it is not signed); a refusal
    /// when it carries only some. Header names match in any case.
    public init?(headers: [String: String]) throws(SignatureRefusal) {
        func value(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
        let names = [RequestSignature.keyIDHeader, RequestSignature.dateHeader, RequestSignature.signatureHeader]
        let values = names.map(value)
        guard values.contains(where: { $0 != nil }) else { return nil }
        for (name, value) in zip(names, values) where value?.isEmpty ?? true { throw .missingHeader(name) }
        keyID = values[0]!
        date = values[1]!
        signature = values[2]!
    }

    /// Checks the date against `now` (within `RequestSignature.freshness`), finds the key with
    /// `key` and checks the signature of `body` sent to `subpath`.
    public func verify(
        body: Data, subpath: String, now: Date, key: (String) throws -> VerifyingKey?
    ) throws -> VerifyingKey {
        guard let sent = SigningDate.parse(date) else { throw SignatureRefusal.malformedDate(date) }
        let off = sent.timeIntervalSince(now)
        guard abs(off) <= RequestSignature.freshness else {
            throw SignatureRefusal.staleDate(date: date, secondsOff: Int(off.rounded()))
        }
        guard let found = try key(keyID) else { throw SignatureRefusal.unknownKey(keyID) }
        guard let der = Data(base64Encoded: signature) else { throw SignatureRefusal.malformedSignature }
        let message = RequestSignature.message(date: date, body: body, subpath: subpath)
        guard found.isValidSignature(Array(der), of: message) else { throw SignatureRefusal.wrongSignature }
        return found
    }
}
