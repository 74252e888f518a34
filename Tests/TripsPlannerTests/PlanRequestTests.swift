import Foundation
import Testing
import TripsModel
import TripsPlanner

/// Bad requests fail with a message instead of running.
@Suite struct PlanRequestTests {
    static func plan(_ change: (inout PlanRequest) -> Void) throws {
        var request = Fixture.request("2026-06-01", "2026-06-03")
        change(&request)
        _ = try ConstraintTests.homestandAndAnAwayDay().plan(request)
    }

    @Test func aWindowEndingBeforeItStarts() {
        #expect(
            throws: PlanRequestError.windowEndsBeforeStart(
                from: Fixture.day("2026-06-03"), to: Fixture.day("2026-06-01"))
        ) {
            try Self.plan {
                $0.from = Fixture.day("2026-06-03")
                $0.to = Fixture.day("2026-06-01")
            }
        }
    }

    @Test func aDailyLimitOfZeroHours() {
        #expect(
            throws: PlanRequestError.invalidSetting(
                setting: "max drive hours per day", value: 0, requirement: "more than 0")
        ) {
            try Self.plan { $0.driving.maxHoursPerDay = 0 }
        }
        #expect(
            PlanRequestError.invalidSetting(setting: "max drive hours per day", value: -1.5, requirement: "more than 0")
                .description
                == "max drive hours per day must be more than 0 (got -1.5)")
    }

    @Test func aNotANumberSpeed() {
        #expect(throws: PlanRequestError.self) { try Self.plan { $0.driving.averageSpeedMph = .nan } }
    }

    @Test func zeroOptions() {
        #expect(throws: PlanRequestError.invalidSetting(setting: "options", value: 0, requirement: "at least 1")) {
            try Self.plan { $0.options = 0 }
        }
    }

    @Test func tooManyMustSeeTeams() {
        #expect(throws: PlanRequestError.tooManyMustSeeTeams(count: 9, limit: 8)) {
            try Self.plan { $0.mustSeeTeamIds = (0..<9).map { "team_\($0)" } }
        }
    }

    @Test func aPlaceInAnUnknownZone() {
        #expect(throws: PlanRequestError.invalidPlace(name: "Nowhere", reason: "unknown time zone Mars/Olympus")) {
            try Self.plan {
                $0.start = PlanPlace(
                    name: "Nowhere", coordinate: Coordinate(latitude: 0, longitude: 0), timeZone: "Mars/Olympus")
            }
        }
    }

    @Test func aRequestSurvivesJSONSoASavedTripCanKeepIt() throws {
        var request = Fixture.request("2026-06-01", "2026-06-07")
        request.sports = ["mlb", "nba"]
        request.start = PlanPlace(
            name: "Chicago", coordinate: Coordinate(latitude: 41.88, longitude: -87.63), timeZone: "America/Chicago")
        request.mustSeeTeamIds = ["team_mlb_chc"]
        request.maxGames = 5
        request.objective = .stadiums
        let decoded = try JSONDecoder().decode(PlanRequest.self, from: JSONEncoder().encode(request))
        #expect(decoded == request)
    }
}
