import CloudKitWeb
import Foundation
import TestSupport
import Testing
import TripsModel
import TripsRecords

/// Every number a cloud record sends is checked where it enters (issue 37 item 6): a page of
/// the wire samples with numbers swapped for hostile ones (1e17, 1e300, -0, 1e-300, NaN, …)
/// reads as records whose values all make sense, or as malformed records (counted, never
/// stored) — never a trap. Seeded and bounded in count.
@Suite struct HostileNumberRecordTests {
    @Test func hostileNumbersInRecordsAreMalformedOrReadIntoRange() throws {
        let page = try JSONEncoder().encode(RecordList(records: WireSamples.all))
        let bytes = [UInt8](page)
        let numbers = HostileNumbers.tokens(in: bytes)
        try #require(numbers.count > 20)
        let seed = TestSeed.draw()
        var generator = SeededGenerator(seed: seed)
        var refused = 0
        var read = 0
        for round in 0..<200 {
            let (swapped, swaps) = HostileNumbers.swapped(bytes, tokens: numbers, count: 2, using: &generator)
            let point = "seed \(seed) round \(round): \(swaps)"
            let answer: RecordPage
            do {
                answer = try WireJSON.recordPage(Data(swapped))
            } catch {
                refused += 1  // a page that is not JSON (NaN): the whole page is an error, nothing stored
                continue
            }
            refused += answer.malformed.count
            for record in answer.records {
                do {
                    Self.expectInRange(try CanonicalRecord(record: record).entity, point)
                    read += 1
                } catch {
                    refused += 1
                }
            }
        }
        #expect(refused > 0 && read > 0, "\(refused) refused, \(read) read: the swaps tested nothing")
    }

    static func expectInRange(_ record: CanonicalEntity, _ point: String) {
        let years = 1900...2200
        func year(_ date: Date) -> Int {
            Calendar(identifier: .gregorian).dateComponents(in: .gmt, from: date).year ?? 0
        }
        switch record {
        case .game(let game):
            #expect(years.contains(year(game.startTime)), "\(point): starts \(game.startTime)")
            #expect((1...9).contains(game.gameNumber), "\(point): game number \(game.gameNumber)")
            for score in [game.homeScore, game.awayScore].compactMap(\.self) {
                #expect((0...999).contains(score), "\(point): score \(score)")
            }
            if let resumed = game.resumedAt { #expect(years.contains(year(resumed)), "\(point): resumed \(resumed)") }
        case .stadium(let stadium):
            #expect(stadium.location.isValid, "\(point): \(stadium.location)")
        default:
            break
        }
    }
}
