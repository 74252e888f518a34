import CloudKitClient
import CloudKitWeb
import Foundation
import TripsStore

/// Two-way sync of user data (saved trips, favourite teams, visited venues) through the private
/// database's `UserData` zone (DESIGN §6): export the outbox with `recordChangeTag`, settle
/// conflicts field-wise, then import `changes/zone` from the stored `syncToken`.
///
/// Runs under the caller's sync lock, on the same `CloudDatabase` (transport, retries) as the
/// canonical pull, and logs `export`/`import` entries in the store's sync log.
public struct UserDataSync {
    public static let zone = ZoneID(zoneName: "UserData")
    static let tokenKey = "syncToken"
    static let zoneKey = "zoneReady"

    let store: CanonicalStore
    let database: CloudDatabase
    let now: @Sendable () -> Date
    let batchSize: Int

    /// The records of one `records/modify`, as `UserRecord.cloudBytes` measures them: a quarter of
    /// `ProtocolLimits.requestBytes` (1 MB), or a single record (itself at most `recordBytes`).
    /// Escaped on the wire ("/" is sent as "\/") either stays within 2 MB, CloudKit's own limit
    /// for a request, and half the server's.
    static let requestRecordBytes = ProtocolLimits.requestBytes / 4
    /// What an operation adds to its record's fields: type, names, change tag, zone.
    static let operationOverheadBytes = 512

    /// - Parameter database: any scope; the private database of the same settings is used.
    public init(
        store: CanonicalStore, database: CloudDatabase, now: @escaping @Sendable () -> Date = { Date() },
        batchSize: Int = 200
    ) {
        self.store = store
        self.database = database.database(.private)
        self.now = now
        self.batchSize = max(1, min(batchSize, ProtocolLimits.operationsPerRequest))
    }

    var nowMs: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }

    /// Export, then import. A failure of either is in the result; neither loses local data.
    public func run(isolation: isolated (any Actor)? = #isolation) async -> UserDataSyncResult {
        var result = UserDataSyncResult()
        // Whose data this is: an outbox goes only to the account whose edits it holds.
        guard await settleAccount(into: &result) else { return result }
        let exported = await logged(.export, &result) { result in
            try await ensureZone()
            try await export(into: &result)
        } outcome: { result in
            (
                result.skipped > 0 ? .failed : .succeeded, result.skipped > 0 ? result.errors.last : nil,
                "user data: exported \(result.exported), conflicts \(result.conflicts)"
            )
        }
        guard exported else { return result }
        let imported = await logged(.import, &result) { result in
            try await importChanges(into: &result)
        } outcome: { result in
            (.succeeded, nil, "user data: imported \(result.imported), removed \(result.removed)")
        }
        guard imported else { return result }
        await separateNames(into: &result)
        return result
    }

    /// After a merge two saved trips may share a name (a rename here, a new trip there): the
    /// later one gets a suffix, sent right away, and the result says so.
    private func separateNames(into result: inout UserDataSyncResult, isolation: isolated (any Actor)? = #isolation)
        async
    {
        do {
            result.renamed = try store.separateSavedTripNames()
            guard !result.renamed.isEmpty else { return }
            try await export(into: &result)
        } catch {
            result.fail(error)
        }
    }

    /// One half of `run` as an entry of the sync log: ended as `outcome` says when `step`
    /// returns; when it throws, failed with the error, which also goes into `result`.
    /// - Returns: whether `step` returned.
    @discardableResult
    private func logged(
        _ kind: SyncEvent.Kind, _ result: inout UserDataSyncResult, isolation: isolated (any Actor)? = #isolation,
        step: (inout UserDataSyncResult) async throws -> Void,
        outcome: (UserDataSyncResult) -> (state: SyncEvent.State, error: String?, detail: String)
    ) async -> Bool {
        let event = try? store.beginSyncEvent(kind, atMs: nowMs, detail: "user data")
        do {
            try await step(&result)
            let end = outcome(result)
            try? event.map {
                try store.endSyncEvent($0, state: end.state, atMs: nowMs, error: end.error, detail: end.detail)
            }
            return true
        } catch {
            result.fail(error)
            try? event.map { try store.endSyncEvent($0, state: .failed, atMs: nowMs, error: Self.describe(error)) }
            return false
        }
    }

    static func describe(_ error: any Error) -> String {
        if let cloud = error as? CloudError { return "user data: \(cloud.description)" }
        return "user data: \(error)"
    }

    // MARK: Account

    /// The signed-in account against the one this store's user data belongs to. The same
    /// token is the same account (no request); a new token is asked `users/current` once. A
    /// first sync adopts what is here. Another account with edits waiting: nothing is sent or
    /// read, and the sync says whose edits wait. Another account with nothing waiting: the
    /// previous account's copy here is forgotten (it is all in its cloud) and the new one is read.
    /// - Returns: whether the sync may go on.
    private func settleAccount(into result: inout UserDataSyncResult, isolation: isolated (any Actor)? = #isolation)
        async -> Bool
    {
        guard let token = database.configuration.webAuthToken else { return true }
        let credential = UserDataAccountKeys.credential(of: token)
        do {
            if try store.userSyncValue(UserDataAccountKeys.credential) == credential { return true }
            let user = try await database.currentUser().userRecordName
            if let known = try store.userSyncValue(UserDataAccountKeys.account), known != user {
                let waiting = try store.pendingUserChanges()
                guard waiting == 0 else {
                    result.fail(
                        UserDataAccountError.editsOfAnotherAccount(count: waiting, account: known, signedIn: user))
                    return false
                }
                try store.forgetUserData()
                result.switchedAccount = true
            }
            try store.setUserSyncValue(UserDataAccountKeys.account, user)
            try store.setUserSyncValue(UserDataAccountKeys.credential, credential)
            return true
        } catch {
            result.fail(error)
            return false
        }
    }

    // MARK: Zone

    func ensureZone(force: Bool = false, isolation: isolated (any Actor)? = #isolation) async throws {
        if !force, try store.userSyncValue(Self.zoneKey) == "1" { return }
        let results = try await database.modifyZones([.init(.create, Self.zone)])
        for case .failure(let error) in results where error.serverErrorCode != .exists {
            throw CloudError.server(
                ErrorResponse(serverErrorCode: error.serverErrorCode, reason: error.reason, uuid: error.uuid),
                httpStatus: error.serverErrorCode.httpStatus)
        }
        try store.setUserSyncValue(Self.zoneKey, "1")
    }

    // MARK: Export

    func export(into result: inout UserDataSyncResult, isolation: isolated (any Actor)? = #isolation) async throws {
        var attempts: [String: Int] = [:]
        var skipped: Set<String> = []
        while true {
            let queued = try store.userOutbox(limit: batchSize + skipped.count).filter { !skipped.contains($0.name) }
            let batch = Array(queued.prefix(batchSize))
            if batch.isEmpty { return }
            var operations: [RecordOperation] = []
            var sent: [(name: String, version: Int64)] = []
            var bytes = 0
            for entry in batch {
                guard let record = try store.userRecord(named: entry.name) else {
                    try store.clearUserOutbox(entry.name, version: entry.version)
                    continue
                }
                // The rest go in the next request once this one holds `requestBytes`' worth.
                let size = record.cloudBytes + Self.operationOverheadBytes
                if !operations.isEmpty, bytes + size > Self.requestRecordBytes { break }
                bytes += size
                // A delete goes out as a tombstone record, the time kept in the cloud. One with no
                // tag is sent too, never dropped: the create's answer may have been lost after the
                // cloud saved it (`EXISTS` then looks it up and settles).
                operations.append(RecordOperation(record.changeTag == nil ? .create : .replace, record.wireRecord))
                sent.append((entry.name, entry.version))
            }
            if operations.isEmpty { continue }
            let answers: [ItemResult<Record>]
            let sentMs = nowMs
            do {
                answers = try await database.modify(operations, zone: Self.zone, atomic: false)
            } catch {
                guard error.serverErrorCode == .zoneNotFound else { throw error }
                try await ensureZone(force: true)
                continue
            }
            // How far this device's clock is from the cloud's: the time the cloud saved them.
            if let cloudMs = answers.lazy.compactMap({ $0.value?.modified?.timestamp }).max() {
                try store.noteCloudClock(cloudMs: cloudMs, sentMs: sentMs, receivedMs: nowMs)
            }
            for (entry, answer) in zip(sent, answers) {
                switch answer {
                case .success(let saved):
                    try store.recordUserExport(
                        entry.name, version: entry.version, changeTag: saved.recordChangeTag,
                        cloudMs: saved.modified?.timestamp)
                    result.exported += 1
                case .failure(let error):
                    attempts[entry.name, default: 0] += 1
                    switch error.serverErrorCode {
                    case .conflict, .exists, .notFound, .atomicError:
                        if error.serverErrorCode != .atomicError { result.conflicts += 1 }
                        if attempts[entry.name, default: 0] > 8 {
                            skipped.insert(entry.name)
                            result.errors.append("user data: \(entry.name) kept conflicting; will retry next sync")
                        } else if error.serverErrorCode != .atomicError {
                            try await settleConflict(entry.name)
                        }
                    case .zoneNotFound:
                        try await ensureZone(force: true)
                    default:
                        if !error.serverErrorCode.isTransient || attempts[entry.name, default: 0] > 8 {
                            // The others go on; this one waits for the user (or the next sync).
                            skipped.insert(entry.name)
                            let what = try store.userRecord(named: entry.name)?.displayName ?? entry.name
                            result.errors.append(Self.refusal(of: what, named: entry.name, error))
                            if !error.serverErrorCode.isTransient { result.hasPermanentError = true }
                        }
                    }
                }
            }
            result.skipped = skipped.count
        }
    }

    /// Why the cloud refused one record, naming it as the user knows it (not by its uuid).
    static func refusal(of what: String, named name: String, _ error: ItemError) -> String {
        switch error.serverErrorCode {
        case .quotaExceeded:
            return "user data: \(what) is over the cloud's 1 MB limit for one record; shorten its note"
        case let code where code.isTransient:
            return "user data: \(what): \(code.rawValue); will retry next sync"
        case let code:
            let reason = (error.reason ?? "").replacingOccurrences(of: name, with: "it")
            return "user data: the cloud refused \(what): \(code.rawValue) \(reason)"
        }
    }

    /// The cloud refused a write (stale tag, exists, gone): fetch its record and merge it into
    /// the local one field-wise, so the next attempt carries the cloud's tag.
    func settleConflict(_ name: String, isolation: isolated (any Actor)? = #isolation) async throws {
        let found = try await database.lookup([name], zone: Self.zone)
        var remote: UserRecord?
        if case .success(let record)? = found.first { remote = UserRecord(wire: record) }
        try store.updateUserRecord(name) { local, version in
            guard let current = local else { return }
            guard let remote else {
                // Never there, or removed by hand (no tombstone, no time): an edit is created
                // again, a delete has nothing left to do.
                if current.isDeleted { local = nil } else { local?.changeTag = nil }
                return
            }
            let kept = Self.resolve(local: current, remote: remote, pending: true)
            local = kept
            if let version, !Self.differs(kept, from: remote) { try store.clearUserOutbox(name, version: version) }
        }
    }

    /// Whether the kept record still holds something the cloud's copy lacks.
    static func differs(_ kept: UserRecord, from remote: UserRecord) -> Bool {
        if kept.isDeleted || remote.isDeleted { return kept.deletedMs != remote.deletedMs }
        return kept.fields != remote.fields || kept.fieldTimes != remote.fieldTimes
    }

    /// The record to keep when the cloud's `remote` meets a local one. Without pending local
    /// changes the cloud's copy is taken as it is. With them, a delete and an edit meet by
    /// time, whichever side each is on: the later one wins (an edit revives the record with the
    /// fields it has). Two deletes keep the later time: an edit made between them must lose to
    /// the later one wherever it arrives. Two edits merge field-wise. The cloud's tag is kept
    /// for the next write.
    static func resolve(local: UserRecord, remote: UserRecord, pending: Bool) -> UserRecord {
        guard pending else { return remote }
        var keep: UserRecord
        switch (local.deletedMs, remote.deletedMs) {
        case (let mine?, let theirs?):
            if theirs >= mine { return remote }
            keep = local
        case (let deleted?, nil):
            if remote.lastEditMs > deleted { return remote }
            keep = local
        case (nil, let deleted?):
            if local.lastEditMs <= deleted { return remote }
            keep = local
        case (nil, nil):
            keep = local.merged(with: remote)
        }
        keep.changeTag = remote.changeTag
        return keep
    }

    // MARK: Import

    func importChanges(into result: inout UserDataSyncResult, isolation: isolated (any Actor)? = #isolation)
        async throws
    {
        var token = try store.userSyncValue(Self.tokenKey)
        var seen: Set<String>? = token == nil ? [] : nil
        while true {
            let page: ZoneChanges
            do {
                page = try await database.zoneChangesPage(Self.zone, syncToken: token, resultsLimit: batchSize)
            } catch {
                if token != nil && Self.isExpiredToken(error) {
                    // Expired or unknown token: fetch everything again and reconcile.
                    result.refetched = true
                } else if error.serverErrorCode == .zoneNotFound {
                    try await ensureZone(force: true)
                } else {
                    throw error
                }
                token = nil
                seen = []
                continue
            }
            try store.database.transaction {
                for record in page.records {
                    seen?.insert(record.recordName)
                    try apply(record, into: &result)
                }
                try store.setUserSyncValue(Self.tokenKey, page.syncToken)
            }
            token = page.syncToken
            if !page.moreComing { break }
        }
        if let seen {
            // A full fetch: what the cloud no longer has and nothing here changed is gone.
            try store.database.transaction {
                for record in try store.userRecords(includingDeleted: true)
                where record.changeTag != nil && !seen.contains(record.name) {
                    if try store.userOutboxVersion(record.name) == nil {
                        try store.removeUserRecord(record.name)
                        result.removed += 1
                    } else {
                        try store.setUserChangeTag(record.name, nil)
                    }
                }
            }
        }
    }

    static func isExpiredToken(_ error: CloudError) -> Bool {
        guard case .server(let body, _) = error, body.serverErrorCode == .badRequest else { return false }
        return (body.reason ?? "").lowercased().contains("token")
    }

    /// One change from the cloud. Call inside a transaction.
    func apply(_ record: Record, into result: inout UserDataSyncResult) throws {
        let pending = try store.userOutboxVersion(record.recordName)
        if record.deleted {
            // Removed from the cloud without a tombstone (by hand, or an older client): no time
            // to compare, so a pending local edit is created again.
            guard let local = try store.userRecord(named: record.recordName) else { return }
            if pending != nil && !local.isDeleted {
                try store.setUserChangeTag(record.recordName, nil)
            } else {
                try store.removeUserRecord(record.recordName)
                result.removed += 1
            }
            return
        }
        guard let remote = UserRecord(wire: record) else { return }
        let local = try store.userRecord(named: record.recordName)
        if let local, local.changeTag == remote.changeTag && local.changeTag != nil { return }
        let kept = local.map { Self.resolve(local: $0, remote: remote, pending: pending != nil) } ?? remote
        try store.writeUserRecord(kept)
        if let pending, !Self.differs(kept, from: remote) {
            try store.clearUserOutbox(record.recordName, version: pending)
        }
        if !kept.isDeleted {
            result.imported += 1
        } else if local.map({ !$0.isDeleted }) ?? false {
            result.removed += 1
        }
    }
}

/// What one user-data sync did.
public struct UserDataSyncResult: Sendable, Hashable {
    public var exported = 0
    public var conflicts = 0
    public var imported = 0
    public var removed = 0
    public var skipped = 0
    public var refetched = false
    /// Saved trips renamed because another trip had their name (say so to the user).
    public var renamed: [SavedTripRename] = []
    public var errors: [String] = []
    /// Whether some error would not go away by trying again (a bad token, a refused write).
    public var hasPermanentError = false
    /// Signed in as another account than the last sync's, with nothing waiting: this device's
    /// copy of the previous account's data was put away, and the new account's read.
    public var switchedAccount = false

    public init() {}

    public var succeeded: Bool { errors.isEmpty }

    mutating func fail(_ error: any Error) {
        errors.append(UserDataSync.describe(error))
        if !((error as? CloudError)?.isRetryable ?? false) { hasPermanentError = true }
    }

    /// The errors as the canonical pull reports its own, for one summary and exit status.
    public var failures: [SyncFailure] {
        errors.map { SyncFailure(recordType: nil, message: $0, isTemporary: !hasPermanentError, stopsSync: false) }
    }
}

/// Edits made on this device for one account, and a sync signed in as another: they are kept
/// for their own account, never sent to this one.
public enum UserDataAccountError: Error, CustomStringConvertible {
    case editsOfAnotherAccount(count: Int, account: String, signedIn: String)

    public var description: String {
        switch self {
        case .editsOfAnotherAccount(let count, let account, let signedIn):
            return "\(count) edit\(count == 1 ? "" : "s") made here for account \(account) "
                + "\(count == 1 ? "has" : "have") not been sent, and this device is signed in as \(signedIn): "
                + "they are kept for \(account) and never sent to another account — sign in as \(account) "
                + "again (`trips login`) to send them"
        }
    }
}
