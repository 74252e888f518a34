import Foundation
import Testing

/// `trips standings` from a season synced from the league's own feed (issue 39): the Toronto
/// club feed of NHL 2024-25 states how each game ended, so Toronto's W, L, OTL and points come
/// out as its games state them; every other club is there only for its games with Toronto,
/// and the note says the table is partial.
@Suite(.serialized) struct FeedsStandingsTests {
    static let club = "nhl/club_schedule_season_TOR_20242025.json"

    /// Toronto's regular-season record counted here from the feed file itself.
    static func torontoRecord() throws -> (games: Int, wins: Int, losses: Int, otLosses: Int, opponents: [String: Int])
    {
        let url = FeedsSyncTests.feeds.appendingPathComponent(club)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let games = try #require(object["games"] as? [[String: Any]]).filter { $0["gameType"] as? Int == 2 }
        var record = (games: 0, wins: 0, losses: 0, otLosses: 0, opponents: [String: Int]())
        for game in games {
            let home = try #require(game["homeTeam"] as? [String: Any])
            let away = try #require(game["awayTeam"] as? [String: Any])
            let atHome = home["abbrev"] as? String == "TOR"
            let (own, other) = atHome ? (home, away) : (away, home)
            let (scored, allowed) = (try #require(own["score"] as? Int), try #require(other["score"] as? Int))
            let ending = (game["gameOutcome"] as? [String: Any])?["lastPeriodType"] as? String
            record.games += 1
            record.opponents[try #require(other["abbrev"] as? String), default: 0] += 1
            if scored > allowed {
                record.wins += 1
            } else if ending == "OT" || ending == "SO" {
                record.otLosses += 1
            } else {
                record.losses += 1
            }
        }
        return record
    }

    @Test func torontosRecordIsItsGamesAsTheFeedStatesThem() async throws {
        let (server, origin) = try await FeedsSyncTests.serve(["/v1/club-schedule-season/TOR/20242025": Self.club])
        defer { server.closeInput() }
        var trips = try TripsBinary(cloud: nil, bundle: FeedsSyncTests.bundle)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_FEEDS_URL"] = origin
        let sync = try await trips.run("sync", "--sport", "nhl", "--season", "2024-25")
        #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")

        let result = try await trips.run("standings", "--sport", "nhl", "--season", "2024-25", "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let teams = try #require(object["teams"] as? [[String: Any]])
        let expected = try Self.torontoRecord()
        let toronto = try #require(teams.first { $0["abbreviation"] as? String == "TOR" })
        #expect(toronto["gamesPlayed"] as? Int == expected.games)
        #expect(toronto["wins"] as? Int == expected.wins)
        #expect(toronto["losses"] as? Int == expected.losses)
        #expect(toronto["otLosses"] as? Int == expected.otLosses)
        #expect(toronto["points"] as? Int == 2 * expected.wins + expected.otLosses)
        #expect(toronto["undecidedLosses"] as? Int == 0)
        // The others: only their games against Toronto, and the note says the table is partial.
        for (code, games) in expected.opponents {
            let team = try #require(teams.first { $0["abbreviation"] as? String == code }, "\(code)")
            #expect(team["gamesPlayed"] as? Int == games, "\(code)")
        }
        let coverage = try #require(object["coverage"] as? [String: Any])
        #expect(coverage["partial"] as? Bool == true && coverage["counted"] as? Int == expected.games)
        let notes = try #require(object["notes"] as? [String])
        #expect(notes.contains { $0.hasPrefix("only \(expected.games) of the 1,312 games of NHL 2024-25") }, "\(notes)")
    }
}
