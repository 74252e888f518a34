import CloudKitWeb
import FoundationEssentials
import TripsModel

/// One publisher at a time: an advisory lease record in the public database (holder, expiry
/// 120 s ahead), written with a conditional save — `create` when there is none, else `update`
/// with the change tag read — so two publishers racing for it cannot both win. Renewed while
/// the publish writes, released (expired now) when it ends; a lease past its expiry is taken
/// over, so a killed publisher blocks the next one for two minutes at most. Not a canonical
/// type: clients never sync it.
struct PublisherLease {
    static let recordType = "PublisherLease"
    static let recordName = "publisher_lease"
    static let duration: Double = 120

    let holder: String
    private(set) var changeTag: String
    private(set) var renewedAt: Date

    /// Takes the lease for `holder`, or throws `leaseHeld` naming whoever has it.
    /// `isGone` says a holder is known to have stopped (a process of this host that no longer
    /// runs: a publish killed and run again need not wait out its own lease).
    static func take(
        _ database: some PublicDatabase, holder: String, now: Date, isGone: (String) -> Bool
    ) async throws -> PublisherLease {
        let current = try await database.records(ofType: recordType).first { $0.recordName == recordName }
        if let current, case .string(let other)? = current.fields["holder"], other != holder, !isGone(other),
            case .timestamp(let until)? = current.fields["expiresAt"], Double(until) / 1000 > now.timeIntervalSince1970
        {
            throw PublishError.leaseHeld(holder: other, until: Date(timeIntervalSince1970: Double(until) / 1000))
        }
        let record = Self.record(holder: holder, expires: now + duration, changeTag: current?.recordChangeTag)
        let results = try await database.modifyAtomically([RecordOperation(current == nil ? .create : .update, record)])
        guard let saved = results.first?.value, let tag = saved.recordChangeTag else {
            // Someone saved it between the read and the write: they hold it now.
            let taken = try await database.records(ofType: recordType).first { $0.recordName == recordName }
            if case .string(let other)? = taken?.fields["holder"] {
                throw PublishError.leaseHeld(holder: other, until: now)
            }
            throw PublishError.batchRefused(reason: "the publisher lease: \(results.first?.error?.reason ?? "refused")")
        }
        return PublisherLease(holder: holder, changeTag: tag, renewedAt: now)
    }

    /// Pushes the expiry another 120 s ahead when a third of it has passed.
    mutating func renewIfDue(_ database: some PublicDatabase, now: Date) async throws {
        guard now.timeIntervalSince(renewedAt) > Self.duration / 3 else { return }
        try await save(database, expires: now + Self.duration)
        renewedAt = now
    }

    /// Ends the lease (expires it now) so the next publisher need not wait.
    func release(_ database: some PublicDatabase, now: Date) async throws {
        var copy = self
        try await copy.save(database, expires: now)
    }

    private mutating func save(_ database: some PublicDatabase, expires: Date) async throws {
        let record = Self.record(holder: holder, expires: expires, changeTag: changeTag)
        let results = try await database.modifyAtomically([RecordOperation(.update, record)])
        guard let tag = results.first?.value?.recordChangeTag else {
            throw PublishError.batchRefused(reason: "the publisher lease was taken over: \(holder) no longer holds it")
        }
        changeTag = tag
    }

    static func record(holder: String, expires: Date, changeTag: String?) -> Record {
        Record(
            recordName: recordName, recordType: recordType, recordChangeTag: changeTag,
            fields: [
                "holder": .string(holder),
                "expiresAt": .timestamp(Int64((expires.timeIntervalSince1970 * 1000).rounded())),
            ])
    }
}
