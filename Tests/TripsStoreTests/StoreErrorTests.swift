import SQLite
import Testing

@testable import TripsStore

/// The store reads SQLite's result codes so its callers (the CLI's exit codes, the sync's
/// retry decision) only need the kind of failure.
@Suite struct StoreErrorTests {
    // SQLite's primary result codes, and an extended one carrying SQLITE_BUSY in its low byte.
    static let busy: Int32 = 5, locked: Int32 = 6, corrupt: Int32 = 11, notADatabase: Int32 = 26
    static let busySnapshot: Int32 = 517, constraint: Int32 = 19

    @Test(arguments: [busy, locked, busySnapshot])
    func aBusySQLiteErrorIsATemporaryBusyStore(code: Int32) throws {
        let error = try #require(StoreError(SQLiteError(code: code, message: "database is locked")))

        #expect(error == .busy(path: nil))
        #expect(error.kind == .temporary)
        #expect(error.description == "the store is busy (another trips is writing); try again")
    }

    @Test(arguments: [corrupt, notADatabase])
    func aCorruptSQLiteErrorIsADamagedStoreWithTheResetHint(code: Int32) throws {
        let error = try #require(StoreError(SQLiteError(code: code, message: "disk image is malformed")))

        #expect(error == .damaged(reason: "disk image is malformed"))
        #expect(error.kind == .damaged)
        #expect(error.description == "the store is damaged (disk image is malformed); run `trips reset` to rebuild it")
    }

    @Test func anyOtherSQLiteErrorIsAPlainFailure() throws {
        let sqlite = SQLiteError(code: Self.constraint, message: "UNIQUE constraint failed", sql: "INSERT …")
        let error = try #require(StoreError(sqlite))

        #expect(error == .sqlite(sqlite))
        #expect(error.kind == .failure)
        #expect(error.description == "store error: UNIQUE constraint failed")
    }

    @Test func aWrappedSQLiteErrorKeepsItsKind() {
        #expect(StoreError.sqlite(SQLiteError(code: Self.busy, message: "locked")).kind == .temporary)
        #expect(StoreError.sqlite(SQLiteError(code: Self.corrupt, message: "malformed")).kind == .damaged)
    }

    @Test func storeErrorsKeepThemselvesAndTheirKinds() {
        #expect(StoreError(StoreError.busy(path: "/s")) == .busy(path: "/s"))
        #expect(StoreError.busy(path: "/s").kind == .temporary)
        #expect(StoreError.unreadable(path: "/s", reason: "x").kind == .damaged)
        #expect(StoreError.newerVersion(path: "/s").kind == .failure)
        #expect(StoreError.notWritable(path: "/s", reason: "x").kind == .failure)
    }

    @Test func anErrorFromOutsideTheStoreIsNotAStoreError() {
        struct Elsewhere: Error {}
        #expect(StoreError(Elsewhere()) == nil)
    }
}
