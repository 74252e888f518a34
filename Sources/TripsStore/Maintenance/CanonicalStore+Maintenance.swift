import SQLite
import TripsModel

extension CanonicalStore {
    /// The seeds' `performCleanup`: purges records deprecated longer than
    /// `policy.deprecatedRetentionMs` before `nowMs` and caps the sync log, in **one
    /// transaction** (a crash leaves all of it or none). Run it when no sync is running — after
    /// a successful one, or holding the `SyncLock` — never during one.
    ///
    /// Why this is safe:
    /// - `deprecated_at_ms` is the record's `deprecatedAt` as the cloud sent it (set by whoever
    ///   deprecated it) or, for a row a reconcile hid, this client's clock then; `nowMs` is the
    ///   client's. Clock skew is noise against 90 days, and a time in the future only keeps a row
    ///   longer. Watermarks are untouched (they are the server's `modified`, not this).
    /// - Only deprecated rows go: the convergence checksum (`checksumLines`) and every listing
    ///   count live rows only, so neither changes.
    /// - A deprecated team or stadium still names the games (and, a stadium, the teams) that refer
    ///   to it (`DataProvider.team(id:)`, `timeZoneName(for:)`, `unresolvedGames`): it stays while
    ///   any remaining row refers to it. Dependents are purged first, so a whole chain goes in one
    ///   run. Aliases, league structures and sports are read only while live, and resolution skips
    ///   aliases whose team or stadium is gone.
    /// - A delta re-reads its type's newest records (from the watermark minus the overlap), so a
    ///   row modified within `rereadWindowMs` of the watermark stays: purged, it would be inserted
    ///   again by every sync (a change each time, and a count check that disagrees).
    /// - The cloud still lists a purged record (deprecated) and counts it in its `recordCount`:
    ///   each one held from the cloud is added to the type's `cloud_only` (the expected gap), so
    ///   the count check does not take the purge for hard deletes and list every name each sync.
    ///   A purged record that arrives again (`sync --full`, or a new edit) finds no row, so the
    ///   merge inserts it as sent — deprecated, hidden again — and the reconcile or count check
    ///   that follows recomputes `cloud_only`.
    /// - The log keeps the newest `eventLogCap` entries, each kind's newest success (`trips sync
    ///   status` reads it however old, `latestSyncEvent`) and any entry still in progress.
    @discardableResult
    public func performMaintenance(nowMs: Int64, policy: MaintenancePolicy = MaintenancePolicy()) throws
        -> MaintenanceReport
    {
        let cutoff = nowMs - policy.deprecatedRetentionMs
        return try database.transaction {
            var purged: [RecordType: Int] = [:]
            // Dependents first: a game before its teams, a team before its stadium.
            for type in RecordType.syncOrder.reversed() {
                purged[type] = try purgeDeprecated(type, before: cutoff, rereadWindowMs: policy.rereadWindowMs)
            }
            return MaintenanceReport(purged: purged, eventsDropped: try capSyncEvents(keeping: policy.eventLogCap))
        }
    }

    /// What a sync runs after it succeeds: the log cap every time (an indexed delete), the purge
    /// — a scan of every record table — at most once per `policy.purgeIntervalMs` (a day), so a
    /// delta sync or a watcher's sync costs what changed, not the store's size.
    @discardableResult
    public func performRoutineMaintenance(nowMs: Int64, policy: MaintenancePolicy = MaintenancePolicy()) throws
        -> MaintenanceReport
    {
        let last = try info(Self.lastPurgeKey).flatMap(Int64.init)
        guard let last, nowMs - last < policy.purgeIntervalMs, nowMs >= last else {
            let report = try performMaintenance(nowMs: nowMs, policy: policy)
            try setInfo(Self.lastPurgeKey, String(nowMs))
            return report
        }
        return try database.transaction {
            MaintenanceReport(purged: [:], eventsDropped: try capSyncEvents(keeping: policy.eventLogCap))
        }
    }

    private static let lastPurgeKey = "maintenance.lastPurgeMs"

    /// Deletes `type`'s rows deprecated before `cutoff`, modified before the re-read window and
    /// that nothing remaining refers to; answers how many.
    private func purgeDeprecated(_ type: RecordType, before cutoff: Int64, rereadWindowMs: Int64) throws -> Int {
        let table = CanonicalTable.name(type)
        // Without a watermark the next pull reads everything anyway: no window to keep.
        let rereadFrom = try watermark(for: type).map { $0 - rereadWindowMs } ?? .max
        var condition = "deprecated_at_ms IS NOT NULL AND deprecated_at_ms < ?1 AND modified_ms < ?2"
        if let referenced = Self.referencedCondition(type, table: table) { condition += " AND NOT (\(referenced))" }
        let values: [SQLValue] = [.int(cutoff), .int(rereadFrom)]
        let held =
            try database.row(
                "SELECT count(*) FROM \(table) WHERE \(condition) AND change_tag != ''", values
            ) { $0.int(0) } ?? 0
        let deleted = try database.run("DELETE FROM \(table) WHERE \(condition)", values)
        if held > 0 {
            try database.run(
                """
                INSERT INTO sync_state (record_type, cloud_only) VALUES (?, ?)
                ON CONFLICT(record_type) DO UPDATE SET cloud_only = cloud_only + excluded.cloud_only
                """, [.text(type.rawValue), .int(Int64(held))])
        }
        return deleted
    }

    /// When a row of `type` is still read while deprecated because another row refers to it.
    private static func referencedCondition(_ type: RecordType, table: String) -> String? {
        switch type {
        case .team:
            return """
                EXISTS (SELECT 1 FROM games WHERE games.home_team_id = \(table).id)
                OR EXISTS (SELECT 1 FROM games WHERE games.away_team_id = \(table).id)
                """
        case .stadium:
            return """
                EXISTS (SELECT 1 FROM games WHERE games.stadium_id = \(table).id)
                OR EXISTS (SELECT 1 FROM teams WHERE teams.stadium_id = \(table).id)
                """
        case .sport, .leagueStructure, .teamAlias, .stadiumAlias, .game:
            return nil
        }
    }

    /// Drops all but the newest `cap` log entries, keeping each kind's newest success and any
    /// entry in progress; answers how many went.
    private func capSyncEvents(keeping cap: Int) throws -> Int {
        let boundary: Int64?
        if cap > 0 {
            boundary = try database.row(
                "SELECT id FROM sync_events ORDER BY id DESC LIMIT 1 OFFSET ?", [.int(Int64(cap - 1))]
            ) { $0.int64(0) }
            guard boundary != nil else { return 0 }  // no more than `cap` entries
        } else {
            boundary = nil
        }
        return try database.run(
            """
            DELETE FROM sync_events WHERE (?1 IS NULL OR id < ?1) AND state != ?2
            AND id NOT IN (SELECT max(id) FROM sync_events WHERE state = ?3 GROUP BY kind)
            """,
            [
                SQLValue(boundary), .text(SyncEvent.State.inProgress.rawValue),
                .text(SyncEvent.State.succeeded.rawValue),
            ])
    }
}
