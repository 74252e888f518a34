import CloudKitWeb
import Digest

/// What a feed's URL answered when its schedule was last published: its HTTP validators
/// (`ETag`, `Last-Modified`), sent back on the next run so an unchanged feed answers 304 and
/// nothing is read, normalised or planned.
///
/// Kept in the public database itself, one `PublisherFeedState` record per URL, rather than in a
/// file beside the publisher: the validators say "the cloud already holds this response", so they
/// belong with the cloud — they go when it is reset or replaced (a local file would then answer
/// 304 to a cloud that never got the data), every publisher host sees them, and `--url` against
/// CloudKit needs no local state at all. Written after the plan's last batch and only then, so a
/// run that was refused, failed or was killed fetches the feed in full next time. Like the lease,
/// not a canonical type: no client syncs it.
public struct FeedState: Sendable, Hashable {
    public var url: String
    public var etag: String?
    public var lastModified: String?

    public init(url: String, etag: String?, lastModified: String?) {
        (self.url, self.etag, self.lastModified) = (url, etag, lastModified)
    }

    static let recordType = "PublisherFeedState"

    /// The record's name: the URL's digest (a URL is longer than a record name may be).
    static func recordName(_ url: String) -> String { "feed_" + String(SHA256.hex(url).prefix(40)) }

    /// Every feed state in `database`, by URL.
    public static func read(from database: some PublicDatabase) async throws -> [String: FeedState] {
        var states: [String: FeedState] = [:]
        for record in try await database.records(ofType: recordType) {
            guard case .string(let url)? = record.fields["url"] else { continue }
            states[url] = FeedState(url: url, etag: record.string("etag"), lastModified: record.string("lastModified"))
        }
        return states
    }

    /// Saves `states` in one atomic batch: a record created, or replaced with the tag read.
    static func save(_ states: [FeedState], to database: some PublicDatabase) async throws(PublishError) {
        guard !states.isEmpty else { return }
        let stored: [String: Record]
        do {
            stored = Dictionary(try await database.records(ofType: recordType).map { ($0.recordName, $0) }) { a, _ in a
            }
        } catch {
            throw .cloud("\(error)")
        }
        let operations = states.map { state in
            let name = recordName(state.url)
            var fields: [String: FieldValue] = ["url": .string(state.url)]
            fields["etag"] = state.etag.map(FieldValue.string)
            fields["lastModified"] = state.lastModified.map(FieldValue.string)
            guard let current = stored[name] else {
                return RecordOperation(.create, Record(recordName: name, recordType: recordType, fields: fields))
            }
            // Whole (replace): a validator the server no longer sends is cleared, not kept.
            return RecordOperation(
                .replace,
                Record(
                    recordName: name, recordType: recordType, recordChangeTag: current.recordChangeTag, fields: fields))
        }
        let results: [ItemResult<Record>]
        do {
            results = try await database.modifyAtomically(operations)
        } catch {
            throw .cloud("\(error)")
        }
        if let failure = results.compactMap(\.error).first {
            throw .batchRefused(reason: "feed state \(failure.recordName ?? "?"): \(failure.reason ?? "")")
        }
    }
}

extension Record {
    fileprivate func string(_ name: String) -> String? {
        if case .string(let text)? = fields[name] { return text }
        return nil
    }
}
