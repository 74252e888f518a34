import CloudKitSigning
import CloudKitWeb
import Foundation
import HTTPServer

extension CloudService {
    /// The id of the registered key that signed `request`, checked as CloudKit checks it (the
    /// date within `RequestSignature.freshness` of the server's clock, the signature over the
    /// date, the body's hash and the raw path); nil when the request is not signed. Every
    /// refusal is 401 `AUTHENTICATION_FAILED`, as CloudKit answers, with the failed check as
    /// its reason.
    func signingKey(of request: ServerRequest, scope: DatabaseScope) throws -> String? {
        let signed: SignedRequest?
        do {
            signed = try SignedRequest(headers: request.headers)
        } catch {
            throw ServiceError(.authenticationFailed, error.description)
        }
        guard let signed else { return nil }
        guard scope == .public else {
            throw ServiceError(
                .authenticationFailed, "server-to-server keys sign requests to the public database only")
        }
        // The true clock: a fault plan's clock offset skews record timestamps, not this check.
        let now = Date(timeIntervalSince1970: Double(wallClockMs) / 1000)
        do {
            let key = try signed.verify(body: request.body, subpath: request.path, now: now) { id in
                try withStore { try $0.serverKey(id: id) }
            }
            return key.keyID
        } catch let refusal as SignatureRefusal {
            throw ServiceError(.authenticationFailed, Self.answer(refusal))
        }
    }

    /// What a refused signature is told: an unknown key and a wrong signature read the same, so
    /// a 401 never says whether a key id exists (issue 37 item 7).
    static func answer(_ refusal: SignatureRefusal) -> String {
        switch refusal {
        case .unknownKey, .wrongSignature:
            return "the request signature does not match a registered key with its date, body and path"
        default: return refusal.description
        }
    }

    /// The `created`/`modified` user of a public write: the signing key (by id, as CloudKit
    /// names the key's creator), or the admin token's development-only writer.
    static func publicActor(_ caller: Caller) -> String {
        caller.signedBy.map { "_key_" + $0.prefix(16) } ?? adminActor
    }
}
