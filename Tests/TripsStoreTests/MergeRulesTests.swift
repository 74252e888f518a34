import CloudKitWeb
import Foundation
import Testing
import TripsModel
import TripsRecords

@testable import TripsStore

/// DESIGN §6.3, one rule per test.
@Suite struct MergeRulesTests {
    let game = Fixtures.game("game_mlb_2026_0328_nyy_hou", "2026-03-28T00:15:00Z")

    func merged(_ records: [Record], into store: CanonicalStore) throws -> [MergeOutcome] {
        try store.database.transaction { try records.map(store.merge) }
    }

    @Test func aNewRecordIsApplied() throws {
        let store = try Fixtures.store()
        #expect(try merged([Fixtures.record(.game(game))], into: store) == [.applied])
        #expect(try DataProvider(store: store).allGames(for: nil).map(\.id) == [game.id])
    }

    @Test func sameNameAndChangeTagIsANoOp() throws {
        let store = try Fixtures.store(games: [game])
        var moved = game
        moved.startTime = Fixtures.date("2026-04-01T00:00:00Z")
        // Same tag: the store keeps what it has even if the payload differs.
        let outcome = try merged([Fixtures.record(.game(moved), Fixtures.meta("t1", modified: 5_000))], into: store)
        #expect(outcome == [.unchanged])
        #expect(try DataProvider(store: store).allGames(for: nil).first?.startTime == game.startTime)
    }

    @Test func olderModifiedIsSkippedAsOlder() throws {
        let store = try Fixtures.store()
        _ = try merged([Fixtures.record(.game(game), Fixtures.meta("t2", modified: 2_000))], into: store)
        var stale = game
        stale.status = .postponed
        let outcome = try merged([Fixtures.record(.game(stale), Fixtures.meta("t1", modified: 1_000))], into: store)
        #expect(outcome == [.skippedOlder])
        #expect(try DataProvider(store: store).allGames(for: nil).first?.status == .scheduled)
    }

    @Test func newerModifiedWithANewTagReplaces() throws {
        let store = try Fixtures.store(games: [game])
        var postponed = game
        postponed.status = .postponed
        let outcome = try merged([Fixtures.record(.game(postponed), Fixtures.meta("t2", modified: 2_000))], into: store)
        #expect(outcome == [.applied])
        #expect(try DataProvider(store: store).allGames(for: nil).first?.status == .postponed)
    }

    @Test func newerSchemaVersionIsSkippedAsIncompatibleAndRemembered() throws {
        let store = try Fixtures.store()
        let future = Fixtures.record(
            .game(game), Fixtures.meta("t9", modified: 3_000, schema: supportedSchemaVersion + 1))
        #expect(try merged([future], into: store) == [.skippedIncompatible])
        #expect(try DataProvider(store: store).allGames(for: nil).isEmpty)
        #expect(try store.database.row("SELECT record_name FROM deferred_records") { $0.string(0) } == game.id)
    }

    @Test func deprecatedRecordIsKeptButHidden() throws {
        let store = try Fixtures.store(games: [game])
        let gone = Fixtures.record(.game(game), Fixtures.meta("t2", modified: 2_000, deprecatedAt: 2_000))
        #expect(try merged([gone], into: store) == [.deprecated])
        #expect(try DataProvider(store: store).allGames(for: nil).isEmpty)
        #expect(try store.database.row("SELECT count(*) FROM games") { $0.int(0) } == 1)
        #expect(try store.liveCount(.game) == 0)
    }

    @Test func aDeprecatedTeamStillResolvesItsOldGamesButIsNotListed() throws {
        let store = try Fixtures.store(games: [game])
        let gone = Fixtures.record(.team(Fixtures.yankees), Fixtures.meta("t2", modified: 2_000, deprecatedAt: 2_000))
        _ = try merged([gone], into: store)
        let provider = DataProvider(store: store)
        #expect(try !provider.teams().map(\.id).contains(Fixtures.yankees.id))
        #expect(try provider.allRichGames(for: nil).games.first?.awayTeam.id == Fixtures.yankees.id)
    }

    @Test func malformedRecordsAreReportedWithTheirNameAndSkipped() throws {
        let store = try Fixtures.store()
        var broken = Fixtures.record(.game(game))
        broken.fields["homeTeamId"] = nil
        var noTag = Fixtures.record(.game(Fixtures.game("game_b", "2026-04-01T00:00:00Z")))
        noTag.recordChangeTag = nil
        let unknown = Record(
            recordName: "x", recordType: "Widget", recordChangeTag: "a", modified: RecordStamp(timestamp: 1))
        let outcomes = try merged([broken, noTag, unknown], into: store)
        #expect(
            outcomes == [
                .malformed(.missingField(recordName: game.id, field: "homeTeamId")),
                .malformed(.missingMetadata(recordName: "game_b", what: "recordChangeTag")),
                .malformed(.unknownRecordType(recordName: "x", type: "Widget")),
            ])
        #expect(try store.liveCount(.game) == 0)
    }

    @Test func mergingTheSamePageTwiceIsIdempotent() throws {
        let store = try Fixtures.store()
        let page = [Fixtures.record(.game(game))]
        let first = try store.apply(page: page, of: .game)
        let second = try store.apply(page: page, of: .game)
        #expect(first.applied == 1)
        #expect(second.unchanged == 1 && second.applied == 0)
        #expect(try store.checksumLines() == store.checksumLines())
    }
}

@Suite struct PageApplyTests {
    func page(_ stamps: [Int64]) -> [Record] {
        stamps.enumerated().map { i, ms in
            Fixtures.record(
                .game(Fixtures.game("game_\(i)_\(ms)", "2026-05-01T00:00:00Z")), Fixtures.meta("tag\(ms)", modified: ms)
            )
        }
    }

    @Test func watermarkIsTheLargestServerTimestampOfThePage() throws {
        let store = try Fixtures.store()
        let counts = try store.apply(page: page([10, 30, 20]), of: .game)
        #expect(counts.applied == 3)
        #expect(try store.watermark(for: .game) == 30)
    }

    @Test func watermarkIsNeverLowered() throws {
        let store = try Fixtures.store()
        try store.apply(page: page([50]), of: .game)
        try store.apply(page: page([40]), of: .game)
        #expect(try store.watermark(for: .game) == 50)
    }

    @Test func aPageThatFailsMidwayLeavesNeitherRecordsNorWatermark() throws {
        let store = try Fixtures.store()
        try store.apply(page: page([5]), of: .game)
        // Simulate a crash inside the page: the third insert aborts.
        try store.database.execute(
            "CREATE TRIGGER boom BEFORE INSERT ON games WHEN NEW.id LIKE 'game_2_%' BEGIN SELECT RAISE(ABORT, 'boom'); END"
        )
        #expect(throws: (any Error).self) { try store.apply(page: page([60, 70, 80]), of: .game) }
        #expect(try store.watermark(for: .game) == 5)
        #expect(try store.liveCount(.game) == 1)
    }

    @Test func recordsOfAnotherTypeDoNotMoveThisTypesWatermark() throws {
        let store = try Fixtures.store()
        let team = Fixtures.record(.team(Fixtures.astros), Fixtures.meta("x", modified: 999))
        try store.apply(page: [team] + page([7]), of: .game)
        #expect(try store.watermark(for: .game) == 7)
    }
}
