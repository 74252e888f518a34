import Foundation
import Testing
import TripsModel
import TripsPlanner

@testable import TripsRender

/// A plan cut short with its games and venues proven says how close option 1's miles are to the
/// proven floor (`PlanResult.milesBound`): the table's footer, and JSON's `milesBound`/`milesGap`.
@Suite struct SeasonProofRenderingTests {
    /// The fixture's trip (3 games, 2 venues, 1,382 mi) as a plan cut short that proved them.
    static func renderer(milesBound: Double?) -> ItineraryRenderer {
        var renderer = TripFixture.renderer()
        renderer.result.isExhaustive = false
        renderer.result.bestIsProven = false
        renderer.result.mostGames = 3
        renderer.result.mostVenues = 2
        renderer.result.milesBound = milesBound
        return renderer
    }

    @Test func theFooterStatesTheMilesGap() {
        let table = Self.renderer(milesBound: 1300).table(style: Style(enabled: false))
        let footer = table.split(separator: "\n").suffix(4).joined(separator: " ")
        #expect(footer.contains("option 1's 2 venues (both proven); none of those drives under 1,300 mi"), "\(footer)")
        #expect(footer.contains("so option 1's miles are within 5.9% of the fewest"), "\(footer)")
        let unbounded = Self.renderer(milesBound: nil).table(style: Style(enabled: false))
        #expect(unbounded.contains("its miles are the best found"))
    }

    @Test func jsonHasTheMilesBoundAndGap() throws {
        let data = Data(Self.renderer(milesBound: 1300).json().rendered().utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["milesBound"] as? Double == 1300)
        #expect(object["milesGap"] as? Double == 5.93)
        let none = Data(Self.renderer(milesBound: nil).json().rendered().utf8)
        let empty = try #require(try JSONSerialization.jsonObject(with: none) as? [String: Any])
        #expect(empty["milesBound"] is NSNull && empty["milesGap"] is NSNull)
    }
}
