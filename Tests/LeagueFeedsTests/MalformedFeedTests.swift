import Foundation
import LeagueFeeds
import Testing

/// Whatever the bytes, a reader answers a schedule or a `FeedError` naming the source: cut
/// recorded responses, other JSON documents, and one format's response given to another reader.
@Suite struct MalformedFeedTests {
    static let recorded: [(String, FeedFormat)] = [
        (RecordedFeeds.mlbPlayed, .mlbStatsAPISchedule), (RecordedFeeds.nhlClubSeason, .nhlSchedule),
        (RecordedFeeds.nhlWeek, .nhlSchedule), (RecordedFeeds.nba, .nbaScheduleLeague),
        (RecordedFeeds.espnNHL, .espnScoreboard),
    ]

    @Test(arguments: recorded)
    func aCutResponseIsAnErrorNamingTheSource(path: String, format: FeedFormat) throws {
        let data = try RecordedFeeds.data(path)
        // Up to the closing brace: what follows it is a final newline, if anything.
        let end = try #require(data.lastIndex(of: UInt8(ascii: "}")))
        for cut in stride(from: 0, to: end, by: max(1, end / 25)) + [end] {
            do {
                _ = try format.read(data.prefix(cut), source: path)
                Issue.record("\(format.rawValue) read \(cut) of \(data.count) bytes of \(path)")
            } catch let error as FeedError {
                #expect("\(error)".hasPrefix("\(path): not a \(format.rawValue) response"))
            }
        }
    }

    @Test(arguments: FeedFormat.allCases)
    func otherDocumentsAreErrors(format: FeedFormat) throws {
        for text in ["", "null", "[]", "{}", "42", "\"dates\"", "{\"dates\": {}}", "{\"events\": [1]}"] {
            #expect(throws: FeedError.self, "\(format.rawValue) accepted \(text)") {
                try format.read(Data(text.utf8), source: "test")
            }
        }
    }

    @Test func aResponseOfAnotherFormatIsRefused() throws {
        for (path, format) in Self.recorded {
            for other in FeedFormat.allCases where other != format {
                #expect(throws: FeedError.self, "\(other.rawValue) read \(path)") {
                    try other.read(RecordedFeeds.data(path), source: path)
                }
            }
        }
    }
}
