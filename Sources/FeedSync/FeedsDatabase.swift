import CloudKitClient
import CloudKitWeb
import CloudServer
import Digest
import Foundation
import Publisher
import TripsModel
import TripsSync

/// The device's own feeds database: a public database in a file beside the store, seeded from
/// the bundle, into which the leagues' feeds are published exactly as `trips-cloud publish`
/// publishes them, and from which the store then pulls exactly as from a cloud. So a fan without
/// a cloud gets the same normalisation, guards, ids and merge rules — the one road — and a
/// client synced from the feeds sees the same games as one synced from a cloud fed by them.
public struct FeedsDatabase: PublicDatabase, CanonicalRecordSource {
    let records: ServicePublicRecords
    public let path: String

    /// Opens (creating and seeding from `bundle` when new) the database at `path`. A database
    /// seeded from another bundle (trips was updated) is made anew from this one: the publish
    /// must know every game the store has from its bundle, or it would file a newly bundled
    /// season's games under new ids beside the store's.
    public static func open(path: String, bundle: URL, nowMs: Int64) throws -> FeedsDatabase {
        let stampPath = path + ".bundle"
        let stamp = SHA256.hex(
            String(
                decoding: (try? Data(contentsOf: bundle.appendingPathComponent("manifest.json"))) ?? Data(),
                as: UTF8.self))
        if (try? String(contentsOfFile: stampPath, encoding: .utf8)) != stamp {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        try DatabaseFile.makePrivate(path)
        let store = try CloudStore(path: path)
        // `ServicePublicRecords` reads the development environment only.
        _ = try store.seedIfNew(from: bundle, nowMs: nowMs, environments: [.development])
        try stamp.write(toFile: stampPath, atomically: true, encoding: .utf8)
        var settings = CloudService.Settings(apiToken: UUID().uuidString, adminToken: UUID().uuidString)
        settings.adminWrites = true  // written in-process by its owner, the publish below
        return FeedsDatabase(
            records: ServicePublicRecords(service: CloudService(store: store, settings: settings)), path: path)
    }

    /// The cloud identity the store's watermarks are kept under: a sync from a real cloud after
    /// this one starts over, as after any change of cloud.
    public var identity: String { "feeds:" + path }

    public func records(ofType recordType: String) async throws -> [Record] {
        try await records.records(ofType: recordType)
    }

    public func modifyAtomically(_ operations: [RecordOperation]) async throws -> [ItemResult<Record>] {
        try await records.modify(operations, atomic: true)
    }

    public func page(
        of type: RecordType, modifiedSince: Int64?, limit: Int, continuation: String?
    ) async throws(CloudError) -> RecordPage {
        do {
            return try records.page(
                Self.pageQuery(of: type, modifiedSince: modifiedSince), resultsLimit: limit,
                continuationMarker: continuation)
        } catch let error as ErrorResponse {
            throw .server(error, httpStatus: 500)
        } catch {
            throw .protocolViolation("the feeds database: \(error)")
        }
    }
}
