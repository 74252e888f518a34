import FoundationEssentials
import LeagueFeeds
import ScheduleLinking
import Testing
import TripsModel

/// A neutral site is stored where the feed places it, or kept by name with no place: never at
/// the home team's park, and never at a namesake found by city alone.
@Suite struct NeutralSiteTests {
    typealias Fixture = ScheduleNormalisationTests

    /// The Reds at home twice, and once at `venue`.
    static func games(at venue: FeedVenue) -> [FeedGame] {
        var games = (1...2).map { Fixture.game("\($0)", venue: "Great American Ball Park") }
        var away = Fixture.game("3", venue: nil)
        away.venue = venue
        games.append(away)
        return games
    }

    final class Asked: @unchecked Sendable { var gazetteer = false }

    @Test func aVenueTheFeedPlacesGetsAStadiumWhereItIsInItsZone() throws {
        let seoul = FeedVenue(
            id: "5340", name: "Gocheok Sky Dome", city: "Seoul", country: "South Korea",
            coordinate: Coordinate(latitude: 37.4982, longitude: 126.8671), timeZone: "Asia/Seoul")
        let linked = try ScheduleNormalisation(games: Self.games(at: seoul), known: Fixture.known())
        let game = try #require(linked.games.first { $0.game.sourceId == "3" }?.game)
        #expect(game.isNeutralSite && game.venueName == nil)
        let stadium = try #require(linked.newStadiums.first)
        #expect(game.stadiumId == stadium.id && stadium.id != Fixture.park.id)
        #expect(stadium.location == seoul.coordinate && stadium.timeZone == "Asia/Seoul")
        #expect(!stadium.locationIsApproximate && stadium.city == "Seoul")
        #expect(linked.unplacedVenues.isEmpty)
    }

    @Test func aVenueNobodyPlacesKeepsItsNameAndNoStadiumNotTheHomePark() throws {
        let asked = Asked()
        let london = FeedVenue(id: "5341", name: "London Stadium", city: "London", country: "United Kingdom")
        let linked = try ScheduleNormalisation(
            games: Self.games(at: london), known: Fixture.known(),
            gazetteer: {
                asked.gazetteer = true
                return nil
            })
        let game = try #require(linked.games.first { $0.game.sourceId == "3" }?.game)
        #expect(game.stadiumId == nil && game.venueName == "London Stadium" && game.isNeutralSite)
        #expect(linked.newStadiums.isEmpty && linked.leftOut == 0)
        #expect(linked.unplacedVenues["mlb"]?.map(\.key) == ["id:5341"])
        // London, England is not looked up in a gazetteer of North America (London, Ontario).
        #expect(!asked.gazetteer)
        // Its home games are still at their park.
        #expect(linked.games.filter { $0.game.sourceId != "3" }.allSatisfy { $0.game.stadiumId == Fixture.park.id })
    }

    @Test func aZoneOrCoordinateThatIsNotOneLeavesTheVenueUnplaced() throws {
        let odd = FeedVenue(
            id: "9", name: "Odd Park", coordinate: Coordinate(latitude: 123, longitude: 0), timeZone: "Mars/Olympus")
        let linked = try ScheduleNormalisation(games: Self.games(at: odd), known: Fixture.known())
        #expect(linked.games.first { $0.game.sourceId == "3" }?.game.venueName == "Odd Park")
        #expect(linked.newStadiums.isEmpty)
    }

    @Test func theBundlesStatedFlagsAreKeptAsStated() throws {
        let elsewhere = FeedVenue(id: nil, name: "Somewhere Field")
        let stated = try ScheduleNormalisation(
            games: Self.games(at: elsewhere), known: Fixture.known(), unstatedVenue: .undecided,
            neutralSites: .asStated)
        // Not neutral as stated: a home game at a park known by another name is at the home park.
        let game = try #require(stated.games.first { $0.game.sourceId == "3" }?.game)
        #expect(!game.isNeutralSite && game.stadiumId == Fixture.park.id)
    }
}
