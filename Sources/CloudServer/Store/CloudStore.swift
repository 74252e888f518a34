import CloudKitWeb
import Digest
import Foundation
import SQLite

/// The server's SQLite database: records of the public database (owner 0) and of each user's
/// private database (owner = user id), zones, users and the per-database write counters.
///
/// Not thread-safe: `CloudService` serialises access. Several processes may share the file
/// (the server and `trips-cloud admin --db`): every write reads its counters inside its own
/// `BEGIN IMMEDIATE` transaction.
public final class CloudStore {
    /// The public database's owner id.
    public static let publicOwner: Int64 = 0

    let db: Database

    static let migrations = [
        Migration(
            "1-records",
            """
            CREATE TABLE users (
                id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, token TEXT NOT NULL UNIQUE,
                record_name TEXT NOT NULL UNIQUE, created_ms INTEGER NOT NULL);
            CREATE TABLE zones (
                owner INTEGER NOT NULL, name TEXT NOT NULL, generation INTEGER NOT NULL,
                PRIMARY KEY (owner, name)) WITHOUT ROWID;
            CREATE TABLE counters (
                owner INTEGER PRIMARY KEY, last_ms INTEGER NOT NULL, last_seq INTEGER NOT NULL,
                last_tag INTEGER NOT NULL);
            CREATE TABLE records (
                owner INTEGER NOT NULL, zone TEXT NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL,
                tag TEXT NOT NULL, created_ms INTEGER NOT NULL, created_by TEXT,
                modified_ms INTEGER NOT NULL, modified_by TEXT, deleted INTEGER NOT NULL DEFAULT 0,
                deprecated INTEGER NOT NULL DEFAULT 0, fields TEXT NOT NULL, seq INTEGER NOT NULL,
                PRIMARY KEY (owner, zone, name)) WITHOUT ROWID;
            CREATE INDEX records_by_modification ON records (owner, zone, type, modified_ms, name);
            CREATE INDEX records_by_change ON records (owner, zone, seq);
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
            """),
        // Queries without sort descriptors (and lookups by type) page in name order.
        Migration("2-records-by-name", "CREATE INDEX records_by_name ON records (owner, zone, type, name)"),
        // Live records per type, kept by `put` and `deleteZone`: the count a query's last page
        // carries. Counting rows instead visited every row of the type (the index does not
        // hold `deleted`): a 10-change delta of a 100k-record type cost 120 ms on the server.
        Migration(
            "3-live-counts",
            """
            CREATE TABLE live_counts (
                owner INTEGER NOT NULL, zone TEXT NOT NULL, type TEXT NOT NULL, live INTEGER NOT NULL,
                PRIMARY KEY (owner, zone, type)) WITHOUT ROWID;
            INSERT INTO live_counts (owner, zone, type, live)
                SELECT owner, zone, type, count(*) FROM records WHERE deleted = 0 GROUP BY owner, zone, type;
            """),
        // Web auth tokens are kept only as SHA-256 hashes, several per user (one per `user add`).
        // `users.token` of older files is hashed in place by `hashStoredTokens` on open.
        Migration(
            "4-token-hashes",
            """
            CREATE TABLE user_tokens (hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL, created_ms INTEGER NOT NULL)
                WITHOUT ROWID;
            """),
        // Server-to-server keys that may sign public-database requests (`trips-cloud key add`):
        // the public key's DER in base64, found by its id (hex SHA-256 of that DER).
        Migration(
            "5-server-keys",
            """
            CREATE TABLE server_keys (
                key_id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, public_key TEXT NOT NULL,
                created_ms INTEGER NOT NULL) WITHOUT ROWID;
            """),
        // Passwords for the browser sign-in page (`user add NAME --password-stdin`), as
        // `PasswordHash.stored` text: a salted slow hash, never the password.
        Migration(
            "6-user-passwords",
            """
            CREATE TABLE user_passwords (
                user_id INTEGER PRIMARY KEY, hash TEXT NOT NULL, updated_ms INTEGER NOT NULL);
            """),
    ]

    /// The stored form of a web auth token.
    static func tokenHash(_ token: String) -> String { "sha256:" + SHA256.hex(token) }

    /// Moves tokens an older server kept in clear into `user_tokens`, hashed.
    private func hashStoredTokens() throws {
        try db.transaction {
            let clear = try db.rows("SELECT id, token, created_ms FROM users WHERE token NOT LIKE 'sha256:%'") {
                ($0.int64(0), $0.string(1), $0.int64(2))
            }
            for (id, token, created) in clear {
                let hash = CloudStore.tokenHash(token)
                try db.run(
                    "INSERT OR IGNORE INTO user_tokens (hash, user_id, created_ms) VALUES (?, ?, ?)",
                    [.text(hash), .int(id), .int(created)])
                try db.run("UPDATE users SET token = ? WHERE id = ?", [.text(hash), .int(id)])
            }
        }
    }

    /// Opens (creating and migrating) the database file at `path`, or one in memory when nil.
    /// A path, not SQLite's location, so callers need not import SQLite.
    public init(path: String? = nil) throws {
        db = try Database(path.map(Database.Location.file) ?? .memory)
        try db.migrate(CloudStore.migrations)
        try hashStoredTokens()
        // Made once per database file (OR IGNORE: another process may open it at the same time).
        try db.run(
            "INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)",
            [.text(CloudStore.epochKey), .text(UUID().uuidString.lowercased())])
    }

    static let epochKey = "epoch"

    /// This database's identity, made when the file was created: a client whose watermarks came
    /// from another epoch (the database was replaced behind the same URL) must re-read everything.
    public func epoch() throws -> String {
        try meta(CloudStore.epochKey) ?? ""
    }

    /// Live (not deleted) records of a type in a zone, deprecated ones included: what a client
    /// that read them all holds, so a smaller local count means records were hard-deleted.
    func liveRecordCount(owner: Int64, zone: String, type: String) throws -> Int {
        try db.row(
            "SELECT live FROM live_counts WHERE owner = ? AND zone = ? AND type = ?",
            [.int(owner), .text(zone), .text(type)]
        ) { $0.int(0) } ?? 0
    }

    /// Moves a type's live count by `delta` (call inside the write's transaction).
    private func countLive(owner: Int64, zone: String, type: String, by delta: Int64) throws {
        try db.run(
            """
            INSERT INTO live_counts (owner, zone, type, live) VALUES (?, ?, ?, ?)
            ON CONFLICT (owner, zone, type) DO UPDATE SET live = live + excluded.live
            """, [.int(owner), .text(zone), .text(type), .int(delta)])
    }

    // MARK: Meta

    func meta(_ key: String) throws -> String? {
        try db.row("SELECT value FROM meta WHERE key = ?", [.text(key)]) { $0.string(0) }
    }

    func setMeta(_ key: String, _ value: String) throws {
        try db.run("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", [.text(key), .text(value)])
    }

    // MARK: Users

    struct User: Sendable, Hashable {
        var id: Int64
        var name: String
        var recordName: String
    }

    /// Adds a user (or finds the existing one of that name) and issues a new web auth token for
    /// it. Only the token's hash is stored, so it can be printed once; earlier tokens of the user
    /// keep working (not rotated: CLOUD-PROTOCOL "users/current").
    public func addUser(name: String, nowMs: Int64) throws -> String {
        try db.transaction { try issueToken(userID: try userID(name: name, nowMs: nowMs), nowMs: nowMs) }
    }

    /// The id of user `name`, created when missing (call inside a transaction).
    func userID(name: String, nowMs: Int64) throws -> Int64 {
        if let existing = try db.row("SELECT id FROM users WHERE name = ?", [.text(name)], { $0.int64(0) }) {
            return existing
        }
        // `users.token` predates `user_tokens`; it holds a hash no token has (NOT NULL UNIQUE).
        let recordName = "_" + Secret.generate(bytes: 16)
        try db.run(
            "INSERT INTO users (name, token, record_name, created_ms) VALUES (?, ?, ?, ?)",
            [.text(name), .text(CloudStore.tokenHash(Secret.generate(bytes: 24))), .text(recordName), .int(nowMs)])
        return db.lastInsertRowID
    }

    /// A new web auth token of the user (call inside a transaction); only its hash is kept.
    func issueToken(userID id: Int64, nowMs: Int64) throws -> String {
        let token = Secret.generate(bytes: 24)
        try db.run(
            "INSERT INTO user_tokens (hash, user_id, created_ms) VALUES (?, ?, ?)",
            [.text(CloudStore.tokenHash(token)), .int(id), .int(nowMs)])
        return token
    }

    func user(token: String) throws -> User? {
        try db.row(
            "SELECT u.id, u.name, u.record_name FROM user_tokens t JOIN users u ON u.id = t.user_id WHERE t.hash = ?",
            [.text(CloudStore.tokenHash(token))]
        ) { User(id: $0.int64(0), name: $0.string(1), recordName: $0.string(2)) }
    }

    // MARK: Zones

    /// The zone's generation, or nil when it does not exist. `_defaultZone` always exists.
    func zoneGeneration(owner: Int64, zone: String) throws -> Int64? {
        if zone == ZoneID.defaultZone.zoneName { return 0 }
        return try db.row("SELECT generation FROM zones WHERE owner = ? AND name = ?", [.int(owner), .text(zone)]) {
            $0.int64(0)
        }
    }

    func zoneNames(owner: Int64) throws -> [String] {
        try db.rows("SELECT name FROM zones WHERE owner = ? ORDER BY name", [.int(owner)]) { $0.string(0) }
    }

    /// Creates the zone when missing (call inside a transaction).
    func createZone(owner: Int64, zone: String) throws {
        guard try zoneGeneration(owner: owner, zone: zone) == nil else { return }
        let generation = try nextSequence(owner: owner)
        try db.run(
            "INSERT INTO zones (owner, name, generation) VALUES (?, ?, ?)",
            [.int(owner), .text(zone), .int(generation)])
    }

    /// Deletes the zone and its records (call inside a transaction).
    func deleteZone(owner: Int64, zone: String) throws {
        try db.run("DELETE FROM records WHERE owner = ? AND zone = ?", [.int(owner), .text(zone)])
        try db.run("DELETE FROM live_counts WHERE owner = ? AND zone = ?", [.int(owner), .text(zone)])
        try db.run("DELETE FROM zones WHERE owner = ? AND name = ?", [.int(owner), .text(zone)])
    }

    // MARK: Counters

    private func counters(owner: Int64) throws -> (ms: Int64, seq: Int64, tag: Int64) {
        if let c = try db.row(
            "SELECT last_ms, last_seq, last_tag FROM counters WHERE owner = ?", [.int(owner)],
            { ($0.int64(0), $0.int64(1), $0.int64(2)) })
        {
            return c
        }
        try db.run("INSERT INTO counters (owner, last_ms, last_seq, last_tag) VALUES (?, 0, 0, 0)", [.int(owner)])
        return (0, 0, 0)
    }

    /// The modification time of a write starting now: strictly after every earlier write of
    /// this database, whatever the clock says (call inside a transaction).
    func nextTimestamp(owner: Int64, nowMs: Int64) throws -> Int64 {
        let last = try counters(owner: owner).ms
        let ms = max(nowMs, last + 1)
        try db.run("UPDATE counters SET last_ms = ? WHERE owner = ?", [.int(ms), .int(owner)])
        return ms
    }

    /// Raises the timestamp floor (seeding keeps the bundle's times; later writes come after).
    func raiseTimestampFloor(owner: Int64, to ms: Int64) throws {
        _ = try counters(owner: owner)
        try db.run("UPDATE counters SET last_ms = max(last_ms, ?) WHERE owner = ?", [.int(ms), .int(owner)])
    }

    func nextSequence(owner: Int64) throws -> Int64 {
        let seq = try counters(owner: owner).seq + 1
        try db.run("UPDATE counters SET last_seq = ? WHERE owner = ?", [.int(seq), .int(owner)])
        return seq
    }

    func currentSequence(owner: Int64) throws -> Int64 {
        try db.row("SELECT last_seq FROM counters WHERE owner = ?", [.int(owner)]) { $0.int64(0) } ?? 0
    }

    /// A new change tag, never equal to `old`.
    func nextTag(owner: Int64, replacing old: String?) throws -> String {
        var n = try counters(owner: owner).tag
        var tag: String
        repeat {
            n += 1
            tag = "t" + String(n, radix: 36)
        } while tag == old
        try db.run("UPDATE counters SET last_tag = ? WHERE owner = ?", [.int(n), .int(owner)])
        return tag
    }

    // MARK: Records

    func fetch(owner: Int64, zone: String, name: String, fieldsExpression: String = "fields") throws -> StoredRecord? {
        try db.row(
            "SELECT \(StoredRecord.columns(fields: fieldsExpression)) FROM records WHERE owner = ? AND zone = ? AND name = ?",
            [.int(owner), .text(zone), .text(name)], StoredRecord.init(row:))
    }

    func put(owner: Int64, _ r: StoredRecord, deprecated: Bool) throws {
        let replaced = try db.row(
            "SELECT type FROM records WHERE owner = ? AND zone = ? AND name = ? AND deleted = 0",
            [.int(owner), .text(r.zone), .text(r.name)]
        ) { $0.string(0) }
        if let replaced { try countLive(owner: owner, zone: r.zone, type: replaced, by: -1) }
        if !r.deleted { try countLive(owner: owner, zone: r.zone, type: r.type, by: 1) }
        try db.run(
            """
            INSERT OR REPLACE INTO records (owner, zone, name, type, tag, created_ms, created_by, modified_ms,
                modified_by, deleted, deprecated, fields, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .int(owner), .text(r.zone), .text(r.name), .text(r.type), .text(r.tag), .int(r.createdMs),
                SQLValue(r.createdBy), .int(r.modifiedMs), SQLValue(r.modifiedBy), SQLValue(r.deleted),
                SQLValue(deprecated), .text(r.fields), .int(r.seq),
            ])
    }

    /// One page of a query: the rows (at most `limit`) and, when more remain, the sort-key
    /// values of the last row for the continuation marker.
    func query(_ plan: QueryPlan, limit: Int) throws -> (rows: [StoredRecord], lastKeys: [JSONValue]?) {
        let statement = try db.prepare(plan.sql)
        try statement.bind(plan.binds)
        var rows: [StoredRecord] = []
        var lastKeys: [JSONValue] = []
        var more = false
        while let row = try statement.step() {
            if rows.count == limit {
                more = true
                break
            }
            rows.append(StoredRecord(row: row))
            lastKeys = plan.keyValues(of: row)
        }
        statement.reset()
        return (rows, more ? lastKeys : nil)
    }

    /// Changes of a zone after `sequence`, tombstones included, oldest first, at most `limit + 1`.
    func changes(owner: Int64, zone: String, after sequence: Int64, limit: Int, types: [String]?) throws
        -> [StoredRecord]
    {
        var sql = "SELECT \(StoredRecord.columns()) FROM records WHERE owner = ? AND zone = ? AND seq > ?"
        var binds: [SQLValue] = [.int(owner), .text(zone), .int(sequence)]
        if let types, !types.isEmpty {
            sql += " AND type IN (" + Array(repeating: "?", count: types.count).joined(separator: ", ") + ")"
            binds += types.map(SQLValue.text)
        }
        sql += " ORDER BY seq LIMIT ?"
        binds.append(.int(Int64(limit + 1)))
        return try db.rows(sql, binds, StoredRecord.init(row:))
    }

    /// Live public records (not deleted, no `deprecatedAt`) for the convergence checksum. Records
    /// no client can read (`unreadableRecordCounts`) are left out: clients rightly skip them, so
    /// they are counted separately rather than making converged stores look diverged.
    public func checksumLines() throws -> [String] {
        let entries = try liveEntries().filter { !$0.unreadable }.map(\.entry)
        return RecordChecksum.lines(entries)
    }

    /// Live public records per type that clients skip as malformed (a field value nesting
    /// deeper than `ProtocolLimits.fieldValueNesting`, saved before the server refused them).
    public func unreadableRecordCounts() throws -> [String: Int] {
        try liveEntries().filter(\.unreadable).reduce(into: [:]) { $0[$1.entry.recordType, default: 0] += 1 }
    }

    private func liveEntries() throws -> [(entry: RecordChecksum.Entry, unreadable: Bool)] {
        try db.rows(
            "SELECT type, name, tag, fields FROM records WHERE owner = ? AND deleted = 0 AND deprecated = 0",
            [.int(CloudStore.publicOwner)]
        ) {
            (
                RecordChecksum.Entry(recordType: $0.string(0), recordName: $0.string(1), changeTag: $0.string(2)),
                JSONNesting.fieldsAreUnreadable($0.string(3))
            )
        }
    }
}

/// Random secrets (tokens) from the system's CSPRNG, hex-encoded.
enum Secret {
    static func generate(bytes: Int) -> String {
        var rng = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in
            let b = UInt8.random(in: 0...255, using: &rng)
            return String(b >> 4, radix: 16) + String(b & 0xF, radix: 16)
        }.joined()
    }
}
