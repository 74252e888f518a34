import OutputText
import Testing
import TripsModel

@testable import TripsStore

/// What the store keeps of a sync error is read back and printed later: it must be one line,
/// with nothing a terminal would obey.
@Suite struct SyncErrorTextTests {
    static let reason = "the cloud refused: \u{1B}]0;owned\u{07}\nbad \u{1B}[2J\u{202E}txt.exe\u{9B}"

    @Test func theStoredLastErrorIsOneEscapedLine() throws {
        let store = try Fixtures.store()

        try store.recordSyncFailure(.game, atMs: 1_000, error: Self.reason, changed: 0)

        let stored = try #require(try store.syncState(for: .game).lastError)
        #expect(!stored.unicodeScalars.contains(where: TerminalText.isUnsafe))
        #expect(stored == "the cloud refused: \\u{1B}]0;owned\\u{7} bad \\u{1B}[2J\\u{202E}txt.exe\\u{9B}")
    }

    @Test func aCredentialEchoedInTheErrorIsNotStored() throws {
        let store = try Fixtures.store()

        try store.recordSyncFailure(.team, atMs: 1_000, error: "denied ?ckwebauthtoken=abc123def", changed: 0)

        #expect(try store.syncState(for: .team).lastError == "denied ?ckwebauthtoken=‹redacted›")
    }

    @Test func theSyncEventLogKeepsTheErrorEscapedToo() throws {
        let store = try Fixtures.store()
        let id = try store.beginSyncEvent(.import, atMs: 1_000)

        try store.endSyncEvent(id, state: .failed, atMs: 2_000, error: Self.reason)

        let stored = try #require(try store.syncEvents(kind: .import).first?.error)
        #expect(!stored.unicodeScalars.contains(where: TerminalText.isUnsafe))
        #expect(stored.contains("\\u{1B}[2J\\u{202E}txt.exe"))
    }
}
