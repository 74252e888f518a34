import CloudKitClient
import CloudKitWeb
import Foundation
import TripsModel
import TripsStore

/// The canonical pull (DESIGN §6): every record type, in dependency order, from its watermark
/// (minus the overlap) to the end of the server's records, page by page.
///
/// The guarantees and where they are kept:
/// - Each page is merged **in one transaction with the type's new watermark**
///   (`CanonicalStore.apply(page:of:)`): the largest server `modified` of the page, never the
///   client's clock, so a crash or cancel loses at most the page in flight.
/// - Paging never trusts a continuation marker across timestamps: as soon as a page spans more
///   than one modification time, the next page is a fresh query from that page's newest time
///   (re-reading only its last ties). A server whose markers are offsets (Apple re-runs the
///   query and skips N) therefore cannot make the pull skip a record that moved meanwhile.
///   Markers are followed only inside a run of records sharing one timestamp.
/// - Cancellation (the task's) is honoured at page boundaries; a page that arrives after the
///   cancel is dropped unapplied.
/// - Progress, failures and outcomes go to the store's durable sync state and event log.
///
/// Confine an instance to one actor (it drives a `CanonicalStore`); `run` executes on the
/// caller's actor and only leaves it for network requests.
public final class CanonicalSync {
    private let store: CanonicalStore
    private let source: any CanonicalRecordSource
    public let options: CanonicalSyncOptions
    private let now: @Sendable () -> Date
    private let progress: ((SyncProgress) -> Void)?

    /// - Parameters:
    ///   - now: the wall clock for the sync log and state (never for watermarks).
    ///   - progress: called on the caller's actor after each page and when a type ends.
    public init(
        store: CanonicalStore, source: any CanonicalRecordSource,
        options: CanonicalSyncOptions = CanonicalSyncOptions(),
        now: @escaping @Sendable () -> Date = { Date() }, progress: ((SyncProgress) -> Void)? = nil
    ) {
        self.store = store
        self.source = source
        self.options = options
        self.now = now
        self.progress = progress
    }

    private var nowMs: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }

    /// Pulls every requested type. Never throws: failures are in the result (and the log).
    public func run(isolation: isolated (any Actor)? = #isolation) async -> SyncResult {
        let clock = ContinuousClock()
        let started = clock.now
        var result = SyncResult(full: options.full)
        var session: Session
        do {
            session = try begin()
        } catch {
            result.add(SyncFailure(store: error))
            result.durationSeconds = seconds(started.duration(to: clock.now))
            return result
        }

        var stopped = false
        for type in options.types {
            guard !stopped else {
                result.types.append(
                    TypeSyncResult(recordType: type, status: result.wasCancelled ? .cancelled : .notAttempted))
                continue
            }
            var typeResult = TypeSyncResult(recordType: type, status: .completed)
            do {
                let end = try await pull(
                    type, into: &typeResult, unresolved: &result.unresolvedGames, session: &session)
                try finish(type, end, into: &typeResult, result: &result)
                stopped = end.stopsSync
            } catch {
                typeResult.status = .failed
                typeResult.error = "\(error)"
                result.add(SyncFailure(store: error))
                stopped = true
            }
            result.types.append(typeResult)
            progress?(
                SyncProgress(
                    recordType: type, pages: typeResult.pages, records: typeResult.records,
                    changed: typeResult.counts.changed, finished: true))
        }
        result.durationSeconds = seconds(started.duration(to: clock.now))
        end(session, result: result)
        // After a successful pull — the caller still holds the sync lock, so no other sync runs —
        // the routine maintenance (the log cap; the purge once a day; no VACUUM). It is housekeeping: a failure
        // (e.g. the store busy) must not fail a sync that succeeded, and the next one retries it.
        if result.errors.isEmpty, !result.wasCancelled {
            _ = try? store.performRoutineMaintenance(nowMs: nowMs)
        }
        return result
    }

    // MARK: One type

    /// How a type's pull ended.
    private enum PullEnd {
        case completed
        case cancelled
        case failed(SyncFailure)

        var stopsSync: Bool {
            switch self {
            case .completed: return false
            case .cancelled: return true
            case .failed(let failure): return failure.stopsSync
            }
        }
    }

    private func pull(
        _ type: RecordType, into result: inout TypeSyncResult, unresolved: inout UnresolvedGameReport?,
        session: inout Session, isolation: isolated (any Actor)? = #isolation
    ) async throws -> PullEnd {
        try store.recordSyncAttempt(type, atMs: nowMs)
        // A full pass (`--full`, a replaced cloud) is durable: an interrupted one goes on here.
        var check = try store.cloudCheckState(type)
        // A pass resumes just before its watermark, never trusting the bundle's (it re-reads).
        let start: Int64? =
            check.fullPass != .none
            ? try store.watermark(for: type).map { $0 - options.overlapMs }
            : try store.deltaStart(for: type, overlapMs: options.overlapMs)
        // Only a pass read from the very beginning in this run saw every name itself.
        var sawEverything = start == nil
        var seen: Set<String> = []
        var previousPage = PageKeys()
        var epochChecked = false
        var cloudCount: Int?
        // Unreadable records this store had not met before (modified after its watermark): the
        // cloud's count holds them, so one could stand in for a hard-deleted record.
        let knownUpTo = try store.watermark(for: type)
        var newUnreadable = 0
        // While a page is merged, the next one is already on its way (network and decoding
        // overlap the SQLite work); a cancel abandons that request unapplied.
        var inFlight: Fetch? = fetch(type, PageRequest(since: start, marker: nil))
        defer { inFlight?.cancel() }  // a failed merge must not leave a request running
        while let fetching = inFlight {
            if Task.isCancelled {
                fetching.cancel()
                return .cancelled
            }
            var page: RecordPage
            switch await fetching.page() {
            case .success(let answer): page = answer
            case .failure(let error):
                if Task.isCancelled || error == .cancelled { return .cancelled }
                return .failed(SyncFailure(error, pulling: type))
            }
            // The cancel came while the page was in flight: it is abandoned, not applied.
            if Task.isCancelled { return .cancelled }

            if !epochChecked, let epoch = page.database?.epoch {
                epochChecked = true
                if let known = check.epoch, known != epoch {
                    // Another database behind the same address: the watermark and every local
                    // version belong to the old one. Start over from nothing; the cloud wins.
                    try store.beginFullPass(type, .rebuild, epoch: epoch)
                    check = try store.cloudCheckState(type)
                    result.cloudReplaced = true
                    try session.noteCloudReplaced(store, type, atMs: nowMs)
                    sawEverything = true
                    seen = []
                    previousPage = PageKeys()
                    inFlight = fetch(type, PageRequest(since: nil, marker: nil))
                    continue
                }
                if check.epoch == nil {
                    try store.setCloudEpoch(type, epoch)
                    check.epoch = epoch
                }
            }
            if let count = page.database?.recordCount { cloudCount = count }

            let keys = PageKeys(page)
            switch fetching.request.next(after: page, of: type, repeated: keys.isEmpty) {
            case .done: inFlight = nil
            case .request(let next): inFlight = fetch(type, next)
            case .stuck:
                return .failed(
                    SyncFailure(
                        recordType: type, message: "the cloud repeated a continuation marker without records",
                        isTemporary: false, stopsSync: false))
            }

            // A fresh query re-reads the previous page's last timestamp: merge and count each
            // record once per pull.
            previousPage.removeRepeats(from: &page)
            previousPage = keys
            var counts = try store.apply(
                page: page.records, of: type, skippedUpTo: page.malformed.compactMap(\.modified).max(),
                cloudWins: check.fullPass == .rebuild)
            for bad in page.malformed {
                if let known = knownUpTo, let modified = bad.modified, modified <= known {} else { newUnreadable += 1 }
                counts.count(
                    .malformed(.missingMetadata(recordName: bad.recordName ?? "(unnamed record)", what: bad.reason)))
            }
            result.counts.add(counts)
            result.pages += 1
            result.records += page.records.count + page.malformed.count
            let inPass = check.fullPass != .none
            if inPass || type == .game { seen.formUnion(page.records.map(\.recordName)) }
            if inPass { seen.formUnion(page.malformed.compactMap(\.recordName)) }
            try session.cloudAnswered(store, atMs: nowMs)
            progress?(
                SyncProgress(
                    recordType: type, pages: result.pages, records: result.records, changed: result.counts.changed,
                    finished: false))
        }
        if type == .game { unresolved = try store.unresolvedGames(among: seen) }
        if check.fullPass != .none {
            return try await reconcile(
                type, names: sawEverything ? seen : nil, into: &result,
                reason: "no longer in the cloud (found by a full sync)")
        }
        // Hard deletes leave nothing for a delta to read: the cloud's count of the type tells —
        // unless new unreadable records are in that count too: a count cannot tell them from the
        // missing, so then the names are listed (the reconcile counts them into `cloud_only`).
        if let cloudCount, try newUnreadable > 0 || store.cloudRecordCount(type) + check.cloudOnly != cloudCount {
            return try await reconcile(
                type, names: nil, into: &result, reason: "no longer in the cloud (found by a count check)")
        }
        return .completed
    }

    /// Deprecates local records of `type` the cloud no longer has, against `names` (every
    /// name a complete pass saw) or, when nil, a names-only listing of the cloud; ends the
    /// type's full pass.
    private func reconcile(
        _ type: RecordType, names: Set<String>?, into result: inout TypeSyncResult, reason: String,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> PullEnd {
        let serverNames: Set<String>
        if let names {
            serverNames = names
        } else {
            do throws(CloudError) {
                serverNames = try await source.names(of: type)
            } catch {
                if Task.isCancelled || error == .cancelled { return .cancelled }
                return .failed(SyncFailure(error, pulling: type))
            }
        }
        result.reconciled = try store.reconcile(type, serverNames: serverNames, atMs: nowMs, reason: reason)
        try store.endFullPass(type, serverNames: serverNames)
        return .completed
    }

    /// Starts fetching one page in its own task (so it can run while a page is merged).
    private func fetch(_ type: RecordType, _ request: PageRequest) -> Fetch {
        let source = self.source
        let limit = options.pageSize
        let task = Task { () async -> Result<RecordPage, CloudError> in
            do throws(CloudError) {
                return .success(
                    try await source.page(
                        of: type, modifiedSince: request.since, limit: limit, continuation: request.marker))
            } catch {
                return .failure(error)
            }
        }
        return Fetch(request: request, task: task)
    }

    /// A page request on its way.
    private struct Fetch {
        var request: PageRequest
        var task: Task<Result<RecordPage, CloudError>, Never>

        /// The answer; cancelling the waiting task cancels the request too.
        func page() async -> Result<RecordPage, CloudError> {
            await withTaskCancellationHandler {
                await task.value
            } onCancel: {
                task.cancel()
            }
        }

        func cancel() { task.cancel() }
    }

    /// Records how a type's pull ended in the result and the durable state.
    private func finish(
        _ type: RecordType, _ end: PullEnd, into typeResult: inout TypeSyncResult, result: inout SyncResult
    ) throws {
        let changed = typeResult.counts.changed + typeResult.reconciled
        switch end {
        case .completed:
            try store.recordSyncSuccess(type, atMs: nowMs, changed: changed)
        case .cancelled:
            typeResult.status = .cancelled
            result.wasCancelled = true
            try store.recordSyncCancellation(type, changed: changed)
        case .failed(let failure):
            typeResult.status = .failed
            typeResult.error = failure.message
            result.add(failure)
            try store.recordSyncFailure(type, atMs: nowMs, error: failure.message, changed: changed)
        }
        typeResult.watermarkMs = try store.watermark(for: type)
    }

    // MARK: The sync as a whole

    /// The durable log entries of this run.
    private struct Session {
        var importEvent: Int64
        /// Open while this is the first sync against a cloud, until the cloud answers.
        var setupEvent: Int64?
        var cloudIdentity: String?

        /// The cloud's database was replaced behind its address: logged for `trips sync status`.
        func noteCloudReplaced(_ store: CanonicalStore, _ type: RecordType, atMs ms: Int64) throws {
            let id = try store.beginSyncEvent(
                .setup, atMs: ms,
                detail: "\(type.rawValue): the cloud's database was replaced; re-reading everything from it")
            try store.endSyncEvent(id, state: .succeeded, atMs: ms)
        }

        /// The cloud answered a query: a pending setup succeeded.
        mutating func cloudAnswered(_ store: CanonicalStore, atMs ms: Int64) throws {
            guard let id = setupEvent else { return }
            if let cloudIdentity { try store.setInfo(CanonicalSync.cloudIdentityKey, cloudIdentity) }
            try store.endSyncEvent(id, state: .succeeded, atMs: ms)
            setupEvent = nil
        }
    }

    static let cloudIdentityKey = CanonicalStore.cloudIdentityKey

    /// Where one page query starts: `modifiedTimestamp >= since`, after `marker`.
    private struct PageRequest {
        var since: Int64?
        var marker: String?

        enum Next {
            case done
            case request(PageRequest)
            /// The server repeated its marker without records: following it would loop forever.
            case stuck
        }

        /// The query for the page after `page`. Markers are followed only inside a run of equal
        /// timestamps; a page spanning several times is followed by a fresh query from its newest
        /// time, so an offset-style marker can never skip a record that moved meanwhile.
        func next(after page: RecordPage, of type: RecordType, repeated empty: Bool) -> Next {
            guard let marker = page.continuationMarker else { return .done }
            let stamps = page.records.lazy.filter { $0.recordType == type.rawValue }.compactMap(\.modified?.timestamp)
            if let low = stamps.min(), let high = stamps.max(), high > low {
                return .request(PageRequest(since: high, marker: nil))
            }
            if marker == self.marker, empty { return .stuck }
            return .request(PageRequest(since: since, marker: marker))
        }
    }

    /// The entries of one page (name and change tag), to drop exact repeats from the next.
    private struct PageKeys {
        private var records: Set<String> = []
        private var malformed: Set<String> = []

        init() {}

        init(_ page: RecordPage) {
            records = Set(page.records.map { $0.recordName + "\u{0}" + ($0.recordChangeTag ?? "") })
            malformed = Set(page.malformed.compactMap(\.recordName))
        }

        var isEmpty: Bool { records.isEmpty && malformed.isEmpty }

        func removeRepeats(from page: inout RecordPage) {
            guard !isEmpty else { return }
            page.records.removeAll { records.contains($0.recordName + "\u{0}" + ($0.recordChangeTag ?? "")) }
            page.malformed.removeAll { $0.recordName.map(malformed.contains) ?? false }
        }
    }

    private func begin() throws -> Session {
        let ms = nowMs
        // We hold the sync lock: an entry still "in progress" belongs to a process that died.
        try store.closeInterruptedSyncEvents(atMs: ms)
        var setup: Int64?
        if let identity = options.cloudIdentity {
            let previous = try store.info(CanonicalSync.cloudIdentityKey)
            if previous != identity {
                // Watermarks are timestamps of one cloud's clock; another cloud starts over.
                if previous != nil { try store.resetWatermarks() }
                setup = try store.beginSyncEvent(.setup, atMs: ms, detail: identity)
            }
        }
        if options.full {
            // Durable from here: a `--full` interrupted at any point is finished by the next sync.
            for type in options.types { try store.beginFullPass(type, .reread) }
        }
        let event = try store.beginSyncEvent(.import, atMs: ms, detail: options.full ? "full" : nil)
        return Session(importEvent: event, setupEvent: setup, cloudIdentity: options.cloudIdentity)
    }

    private func end(_ session: Session, result: SyncResult) {
        let ms = nowMs
        let state: SyncEvent.State = result.wasCancelled ? .cancelled : result.errors.isEmpty ? .succeeded : .failed
        let error = result.errors.first.map(\.description)
        if let setup = session.setupEvent {
            try? store.endSyncEvent(setup, state: state, atMs: ms, error: error)
        }
        try? store.endSyncEvent(session.importEvent, state: state, atMs: ms, error: error, detail: result.summaryLine)
    }

    private func seconds(_ duration: Duration) -> Double {
        let c = duration.components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }
}
