import CloudKitWeb
import Digest
import Foundation

/// The opaque `continuationMarker` of `trips-cloud`: the sort-key values of the last record
/// returned (a keyset), plus a fingerprint of the query it belongs to. The next page starts
/// strictly after that position, so records never shift between pages the way an offset does:
/// a record modified meanwhile moves to the end (sorted by modification) and is seen again;
/// nothing unmodified is skipped or repeated.
struct ContinuationMarker: Codable, Equatable {
    /// Query fingerprint.
    var q: String
    /// The last row's sort-key values, in sort order (the record name last).
    var k: [JSONValue]

    var encoded: String {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        return data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    init(fingerprint: String, keys: [JSONValue]) {
        q = fingerprint
        k = keys
    }

    init(decoding text: String, fingerprint: String, keyCount: Int) throws(ServiceError) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64),
            let marker = try? JSONDecoder().decode(ContinuationMarker.self, from: data)
        else {
            throw .badRequest("continuationMarker is not one this server issued")
        }
        guard marker.q == fingerprint, marker.k.count == keyCount else {
            throw .badRequest("continuationMarker belongs to a different query; send the same query with it")
        }
        self = marker
    }

    /// A short stable digest of what makes two queries "the same" for paging.
    static func fingerprint(of query: Query, zone: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: (try? encoder.encode(query)) ?? Data(), as: UTF8.self) + "|" + zone
        return String(SHA256.hex(text).prefix(16))
    }
}
