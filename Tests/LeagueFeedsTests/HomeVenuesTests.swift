import Foundation
import LeagueFeeds
import Testing
import TripsModel

/// Neutral sites from the data, and venues placed where MLB says, on the recorded 2025 season.
@Suite struct HomeVenuesTests {
    @Test func aTeamPlayingASeasonAwayFromItsOldParkIsAtHomeThere() throws {
        let schedule = try RecordedFeeds.read(RecordedFeeds.mlbPlayed, with: MLBStatsAPISchedule.read)
        let homes = HomeVenues(schedule.games)
        // The Rays played 2025 at Steinbrenner Field: their venue of record, so no game is neutral.
        let rays = schedule.games.filter { $0.home.name == "Tampa Bay Rays" }
        #expect(rays.count > 70)
        #expect(rays.allSatisfy { $0.venue?.name == "George M. Steinbrenner Field" && !homes.isNeutralSite($0) })
        // Bristol is away from the Reds' Great American Ball Park.
        let bristol = try #require(schedule["776907"])
        #expect(homes.isNeutralSite(bristol) && homes.venueOfRecord(of: bristol) != bristol.venue?.key)
    }

    @Test func aVenueTheScheduleLocatesComesWithItsCoordinatesAndZone() throws {
        var tree = try RecordedFeeds.json(RecordedFeeds.mlbPlayed)
        var dates = try #require(tree["dates"] as? [[String: Any]])
        for d in dates.indices {
            guard var games = dates[d]["games"] as? [[String: Any]] else { continue }
            for g in games.indices where games[g]["gamePk"] as? Int == 776907 {
                games[g]["venue"] = [
                    "id": 6130, "name": "Bristol Motor Speedway",
                    "location": [
                        "city": "Bristol", "state": "Tennessee", "stateAbbrev": "TN", "country": "USA",
                        "defaultCoordinates": ["latitude": 36.5157, "longitude": -82.2570],
                    ],
                    "timeZone": ["id": "America/New_York", "offset": -4, "tz": "EDT"],
                ]
            }
            // A location the reader cannot use leaves that venue unlocated, the schedule read.
            for g in games.indices where games[g]["gamePk"] as? Int == 778266 {
                games[g]["venue"] = [
                    "id": 19, "name": "Coors Field", "location": ["defaultCoordinates": ["latitude": "north"]],
                ]
            }
            dates[d]["games"] = games
        }
        tree["dates"] = dates
        let schedule = try MLBStatsAPISchedule.read(JSONSerialization.data(withJSONObject: tree), source: "test")
        let venue = try #require(schedule["776907"]?.venue)
        #expect(venue.coordinate == Coordinate(latitude: 36.5157, longitude: -82.2570))
        #expect(venue.timeZone == "America/New_York" && venue.city == "Bristol" && venue.state == "TN")
        #expect(venue.country == "USA")
        let coors = try #require(schedule["778266"]?.venue)
        #expect(coors.name == "Coors Field" && coors.coordinate == nil)
    }

    @Test func theVenuesEndpointPlacesOnlyWhatItLocates() throws {
        let answer = """
            {"venues":[{"id":5355,"name":"Rickwood Field","location":{"city":"Birmingham","stateAbbrev":"AL",
            "country":"USA","defaultCoordinates":{"latitude":33.4997,"longitude":-86.8417}},
            "timeZone":{"id":"America/Chicago"}},
            {"id":1,"name":"Nowhere Park","location":{"defaultCoordinates":{"latitude":95,"longitude":0}},
            "timeZone":{"id":"America/Chicago"}}]}
            """
        let placed = try MLBVenues.read(Data(answer.utf8), source: "test")
        #expect(placed.map(\.name) == ["Rickwood Field"])
        #expect(placed.first?.key == "id:5355" && placed.first?.timeZone == "America/Chicago")
        #expect(MLBVenues.path(ids: ["5355", "1"]) == "/api/v1/venues?venueIds=5355,1&hydrate=location,timezone")
    }
}
