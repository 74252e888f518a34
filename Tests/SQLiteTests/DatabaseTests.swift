import Foundation
import SQLite
import Testing

@Suite struct DatabaseTests {
    @Test func bindsAndReadsEveryStorageClass() throws {
        let db = try Database(.memory)
        try db.execute("CREATE TABLE t (i INTEGER, d REAL, s TEXT, n TEXT)")
        try db.run("INSERT INTO t VALUES (?, ?, ?, ?)", [.int(42), .double(2.5), .text("Daikin Park"), .null])
        let row = try db.row("SELECT i, d, s, n FROM t") { r in
            (r.int(0), r.double(1), r.string(2), r.optionalString(3))
        }
        #expect(row?.0 == 42)
        #expect(row?.1 == 2.5)
        #expect(row?.2 == "Daikin Park")
        #expect(row?.3 == nil)
    }

    @Test func textKeepsEveryCharacterANulIncluded() throws {
        let db = try Database(.memory)
        try db.execute("CREATE TABLE t (v TEXT)")
        let values = ["a\u{0}b", "\u{0}", "", "Zürich\u{0}🏟", "end\u{0}"]
        for value in values { try db.run("INSERT INTO t VALUES (?)", [.text(value)]) }

        #expect(try db.rows("SELECT v FROM t ORDER BY rowid") { $0.string(0) } == values)
        #expect(
            try db.rows("SELECT length(CAST(v AS BLOB)) FROM t ORDER BY rowid") { $0.int(0) }
                == values.map(\.utf8.count))
        #expect(try db.row("SELECT count(*) FROM t WHERE v = ?", [.text("a\u{0}b")]) { $0.int(0) } == 1)
        #expect(try db.row("SELECT v IS NULL FROM t WHERE rowid = 3") { $0.bool(0) } == false, "\"\" stays text")
    }

    @Test func reusesPreparedStatementsWithFreshBindings() throws {
        let db = try Database(.memory)
        try db.execute("CREATE TABLE t (v INTEGER)")
        for i in 1...3 { try db.run("INSERT INTO t VALUES (?)", [.int(Int64(i))]) }
        #expect(try db.rows("SELECT v FROM t WHERE v >= ? ORDER BY v", [.int(2)]) { $0.int(0) } == [2, 3])
        #expect(try db.rows("SELECT v FROM t WHERE v >= ? ORDER BY v", [.int(3)]) { $0.int(0) } == [3])
    }

    @Test func aMapperThatThrowsLeavesNoStatementRunning() throws {
        struct Stop: Error {}
        let db = try Database(.memory)
        try db.execute("CREATE TABLE t (v INTEGER)")
        for i in 1...3 { try db.run("INSERT INTO t VALUES (?)", [.int(Int64(i))]) }
        #expect(throws: Stop.self) { try db.rows("SELECT v FROM t") { _ in throw Stop() } }
        // A statement left mid-iteration would lock the table ("database table is locked").
        try db.execute("DROP TABLE t")
    }

    @Test func aMapperMayRunTheSameQueryAgain() throws {
        struct Runaway: Error {}
        let db = try Database(.memory)
        try db.execute("CREATE TABLE t (v INTEGER)")
        for i in 1...3 { try db.run("INSERT INTO t VALUES (?)", [.int(Int64(i))]) }
        var calls = 0
        let sql = "SELECT v FROM t ORDER BY v"
        let result = try db.rows(sql) { row -> [Int] in
            calls += 1
            if calls > 10 { throw Runaway() }  // a reset outer cursor would start over forever
            let outer = row.int(0)
            return [outer] + (try db.rows(sql) { $0.int(0) })
        }
        #expect(result == [[1, 1, 2, 3], [2, 1, 2, 3], [3, 1, 2, 3]])
    }

    @Test func aFailedSavepointUndoesOnlyItsOwnWork() throws {
        struct Refused: Error {}
        let db = try Database(.memory)
        try db.execute("CREATE TABLE t (v INTEGER)")
        try db.transaction {
            try db.run("INSERT INTO t VALUES (1)")
            #expect(throws: Refused.self) {
                try db.savepoint {
                    try db.run("INSERT INTO t VALUES (2)")
                    try db.savepoint { try db.run("INSERT INTO t VALUES (3)") }
                    throw Refused()
                }
            }
            try db.savepoint { try db.run("INSERT INTO t VALUES (4)") }
        }
        #expect(try db.rows("SELECT v FROM t ORDER BY v") { $0.int(0) } == [1, 4])
        #expect(!db.isInTransaction)
    }

    @Test func transactionCommitsWhenBodyReturns() throws {
        let db = try Database(.memory)
        try db.execute("CREATE TABLE t (v INTEGER)")
        try db.transaction { try db.run("INSERT INTO t VALUES (1)") }
        #expect(try db.row("SELECT count(*) FROM t") { $0.int(0) } == 1)
        #expect(!db.isInTransaction)
    }

    @Test func transactionRollsBackWhenBodyThrows() throws {
        struct Boom: Error {}
        let db = try Database(.memory)
        try db.execute("CREATE TABLE t (v INTEGER)")
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try db.row("SELECT count(*) FROM t") { $0.int(0) } == 0)
        #expect(!db.isInTransaction)
    }

    @Test func errorKeepsCodeAndSQLButNeverBoundValues() throws {
        let db = try Database(.memory)
        try db.execute("CREATE TABLE secrets (token TEXT PRIMARY KEY)")
        try db.run("INSERT INTO secrets VALUES (?)", [.text("tok-SECRET-123")])
        do {
            try db.run("INSERT INTO secrets VALUES (?)", [.text("tok-SECRET-123")])
            Issue.record("expected a constraint error")
        } catch let error as SQLiteError {
            #expect(error.primaryCode == 19)  // SQLITE_CONSTRAINT
            #expect(error.sql == "INSERT INTO secrets VALUES (?)")
            #expect(!error.description.contains("SECRET"))
        }
    }

    @Test func fileDatabasesUseWALAndForeignKeys() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wal-\(UUID()).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let db = try Database(.file(path))
        #expect(try db.row("PRAGMA journal_mode") { $0.string(0) } == "wal")
        #expect(try db.row("PRAGMA foreign_keys") { $0.int(0) } == 1)
    }

    @Test func openingAFileThatIsNotADatabaseFailsWithNotADB() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("junk-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect {
            let db = try Database(.file(path))
            try db.execute("SELECT * FROM sqlite_master")
        } throws: { error in
            (error as? SQLiteError)?.isCorruption == true
        }
    }
}

@Suite struct MigrationTests {
    let v1 = [Migration("001_a", "CREATE TABLE a (x INTEGER)")]
    var v2: [Migration] { v1 + [Migration("002_b", "CREATE TABLE b (y INTEGER)")] }

    @Test func appliesEachMigrationOnceAndRecordsItsName() throws {
        let db = try Database(.memory)
        #expect(try db.migrate(v2) == ["001_a", "002_b"])
        #expect(try db.migrate(v2) == [])
        #expect(
            try db.rows("SELECT name FROM schema_migrations ORDER BY position") { $0.string(0) } == ["001_a", "002_b"])
    }

    @Test func appliesOnlyTheNewMigrationsOfALaterBuild() throws {
        let db = try Database(.memory)
        try db.migrate(v1)
        #expect(try db.migrate(v2) == ["002_b"])
        try db.run("INSERT INTO b VALUES (1)")
    }

    @Test func refusesAStoreMigratedByANewerBuild() throws {
        let db = try Database(.memory)
        try db.migrate(v2)
        #expect(throws: MigrationError.newerSchema(unknown: ["002_b"])) { try db.migrate(v1) }
    }

    @Test func refusesADatabaseWithTablesButNoHistoryAndAddsNothing() throws {
        let db = try Database(.memory)
        try db.execute("CREATE TABLE notes (body TEXT)")
        #expect(throws: MigrationError.unmanagedDatabase(tables: ["notes"])) { try db.migrate(v1) }
        #expect(try db.rows("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.string(0) } == ["notes"])
    }

    @Test func refusesAStoreWithAForeignHistory() throws {
        let db = try Database(.memory)
        try db.migrate([Migration("001_other", "CREATE TABLE other (z INTEGER)")])
        #expect(throws: MigrationError.foreignSchema(applied: ["001_other"])) { try db.migrate(v1) }
    }

    @Test func aFailingMigrationLeavesNoTraceAndIsRetried() throws {
        let db = try Database(.memory)
        let broken = v1 + [Migration("002_bad", "CREATE TABLE c (x INTEGER); CREATE TABLE a (dup INTEGER)")]
        #expect(throws: SQLiteError.self) { try db.migrate(broken) }
        #expect(try db.rows("SELECT name FROM schema_migrations") { $0.string(0) } == ["001_a"])
        #expect(try db.row("SELECT count(*) FROM sqlite_master WHERE name = 'c'") { $0.int(0) } == 0)
    }
}
