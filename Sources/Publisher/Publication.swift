import CloudKitWeb
import FoundationEssentials
import LeagueFeeds
import ScheduleLinking
import TripsModel
import TripsZones

/// One publish: read the cloud, normalise the feeds against it, plan the difference and write
/// it in atomic batches (stadiums first). Killed between batches, a run leaves whole batches
/// only, and the next run reads what they wrote (new games carry their `sourceId`, new venues
/// their name), so it plans just the rest: publishing converges without a journal of its own.
public struct Publication: Sendable {
    public var normalised: ScheduleNormalisation
    public var plan: PublishPlan
    /// Whether the plan was written (false for a dry run).
    public var written: Bool

    /// Publishes `schedules` to `database`; with `dryRun` plans only. `feedStates` (the
    /// validators of the feeds fetched) are saved once the plan is written, never on a dry run.
    /// `placeVenues` asks a league where venues are that nothing placed (`LeagueVenues`).
    public static func run(
        _ schedules: [FeedSchedule], to database: some PublicDatabase, source: String, feedStates: [FeedState] = [],
        gazetteer: @escaping @Sendable () -> Gazetteer? = { nil }, placeVenues: LeagueVenues = .none,
        dryRun: Bool, force: Bool, holder: String? = nil,
        holderIsGone: @escaping @Sendable (String) -> Bool = { _ in false }, now: Date = Date(),
        batchSize: Int = ProtocolLimits.operationsPerRequest
    ) async throws -> Publication {
        // The lease comes first: a second publisher stops before it reads or plans anything.
        var lease: PublisherLease?
        if let holder, !dryRun {
            do {
                lease = try await PublisherLease.take(database, holder: holder, now: now, isGone: holderIsGone)
            } catch let error as PublishError {
                throw error
            } catch {
                throw PublishError.cloud("\(error)")
            }
        }
        do {
            let publication = try await publish(
                schedules, to: database, source: source, gazetteer: gazetteer, placeVenues: placeVenues,
                dryRun: dryRun, force: force,
                lease: &lease, now: now, batchSize: batchSize)
            if publication.written {
                try await lease?.renewIfDue(database, now: Date())
                try await FeedState.save(feedStates, to: database)
            }
            try? await lease?.release(database, now: Date())
            return publication
        } catch {
            try? await lease?.release(database, now: Date())
            throw error
        }
    }

    private static func publish(
        _ schedules: [FeedSchedule], to database: some PublicDatabase, source: String,
        gazetteer: @escaping @Sendable () -> Gazetteer?, placeVenues: LeagueVenues, dryRun: Bool, force: Bool,
        lease: inout PublisherLease?,
        now: Date, batchSize: Int
    ) async throws -> Publication {
        let cloud: CloudSnapshot
        do {
            cloud = try await CloudSnapshot.read(from: database)
        } catch {
            throw PublishError.cloud("\(error)")
        }
        func normalise(_ schedules: [FeedSchedule]) throws -> ScheduleNormalisation {
            do { return try ScheduleNormalisation(schedules, known: cloud.known, gazetteer: gazetteer) } catch {
                switch error {
                case .noTeams(let league): throw PublishError.noTeams(league: league)
                }
            }
        }
        var normalised = try normalise(schedules)
        // Venues nothing placed: asked of the league once, then the feeds normalised again with
        // what it said (a special-event park stored where it is, not left without a place).
        let placed = await placeVenues.place(normalised.unplacedVenues)
        if !placed.isEmpty { normalised = try normalise(schedules.map { $0.placing(placed) }) }
        let plan = try PublishPlan(
            normalised, cloud: cloud, source: source, nowMs: Int64((now.timeIntervalSince1970 * 1000).rounded()),
            force: force)
        guard !dryRun else { return Publication(normalised: normalised, plan: plan, written: false) }
        for operations in [plan.stadiumOperations, plan.gameOperations] {
            for start in stride(from: 0, to: operations.count, by: batchSize) {
                let batch = Array(operations[start..<min(start + batchSize, operations.count)])
                let results: [ItemResult<Record>]
                try await lease?.renewIfDue(database, now: Date())
                do {
                    results = try await database.modifyAtomically(batch)
                } catch {
                    throw PublishError.cloud("\(error)")
                }
                if let failure = results.compactMap(\.error).first(where: { $0.serverErrorCode != .atomicError })
                    ?? results.compactMap(\.error).first
                {
                    throw PublishError.batchRefused(
                        reason:
                            "\(failure.recordName ?? "?"): \(failure.serverErrorCode.rawValue) \(failure.reason ?? "")")
                }
            }
        }
        return Publication(normalised: normalised, plan: plan, written: true)
    }

    /// One line per league season, e.g. "MLB 2025: 103 moved, 619 times set, 30 postponed, …".
    public var summaryLines: [String] {
        plan.summaries.sorted { $0.key < $1.key }.map { $0.value.description }
    }
}
