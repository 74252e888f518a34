import Foundation
import LeagueFeeds
import TestSupport
import Testing
import TripsModel

/// Every number a feed sends is checked where it enters (issue 37 item 6): recorded responses
/// with numbers swapped for hostile ones (1e17, 1e300, -0, 1e-300, NaN, …) are read as a
/// schedule whose numbers all make sense, or refused with a `FeedError` naming the source —
/// never a trap, never a score of 10^17. Seeded and bounded in count.
@Suite struct HostileNumberFeedTests {
    @Test(arguments: MalformedFeedTests.recorded)
    func hostileNumbersAreRefusedOrReadIntoRange(path: String, format: FeedFormat) throws {
        let text = String(decoding: try RecordedFeeds.data(path), as: UTF8.self)
        let numbers = HostileNumbers.tokens(in: Array(text.utf8))
        try #require(numbers.count > 10, "\(path) has no numbers to swap")
        let seed = TestSeed.draw()
        var generator = SeededGenerator(seed: seed)
        var read = 0
        for round in 0..<16 {
            let (bytes, swaps) = HostileNumbers.swapped(Array(text.utf8), tokens: numbers, count: 3, using: &generator)
            let point = "\(path) seed \(seed) round \(round): \(swaps)"
            do {
                let schedule = try format.read(Data(bytes), source: path)
                read += 1
                for game in schedule.games { Self.expectInRange(game, point) }
            } catch let error as FeedError {
                #expect("\(error)".hasPrefix(path), "\(point): \(error)")
            }
        }
        // Most swaps hit numbers a reader ignores or reads into range: some must have been read.
        #expect(read > 0, "\(path): every swap was refused")
    }

    static func expectInRange(_ game: FeedGame, _ point: String) {
        let year =
            Calendar(identifier: .gregorian).dateComponents(in: .gmt, from: game.start)
            .year ?? 0
        #expect((1900...2200).contains(year), "\(point): \(game.gameId) starts in \(year)")
        #expect((1...9).contains(game.gameNumber), "\(point): \(game.gameId) game number \(game.gameNumber)")
        if let score = game.score {
            #expect(
                (0...999).contains(score.home) && (0...999).contains(score.away), "\(point): \(game.gameId) \(score)")
        }
    }
}
