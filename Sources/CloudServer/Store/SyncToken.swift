import Foundation

/// The `syncToken` of `changes/zone`: the zone's generation (a deleted and re-created zone
/// invalidates old tokens) and the last change sequence number the client has seen.
struct SyncToken: Equatable {
    var generation: Int64
    var sequence: Int64

    var encoded: String {
        Data("z1.\(generation).\(sequence)".utf8).base64EncodedString()
    }

    init(generation: Int64, sequence: Int64) {
        self.generation = generation
        self.sequence = sequence
    }

    /// Nil for anything this server did not issue.
    init?(decoding text: String) {
        guard let data = Data(base64Encoded: text), let plain = String(data: data, encoding: .utf8) else { return nil }
        let parts = plain.split(separator: ".")
        guard parts.count == 3, parts[0] == "z1", let g = Int64(parts[1]), let s = Int64(parts[2]), s >= 0 else {
            return nil
        }
        generation = g
        sequence = s
    }
}
