import Testing
import TripsModel

@testable import TripsPlanner

@Suite("Flight rules")
struct FlightRulesTests {
    let rules = FlightRules()

    @Test("direct between hubs at any distance; regional pairs always connect; hub and regional by distance")
    func connections() {
        let hub = FlightFixture.lax
        let otherHub = FlightFixture.bos
        let regional = FlightFixture.bur
        let otherRegional = FlightFixture.hou
        #expect(!rules.connects(from: hub, to: otherHub, greatCircleMiles: 2_600))
        #expect(rules.connects(from: regional, to: otherRegional, greatCircleMiles: 300))
        #expect(!rules.connects(from: regional, to: hub, greatCircleMiles: rules.hubSpokeMiles))
        #expect(rules.connects(from: regional, to: hub, greatCircleMiles: rules.hubSpokeMiles + 1))
        #expect(rules.connects(from: hub, to: regional, greatCircleMiles: rules.hubSpokeMiles + 1))
    }

    @Test("the defaults are the documented ones")
    func defaults() {
        #expect(rules.cruiseMph == 500 && rules.taxiClimbDescentMinutes == 35)
        #expect(rules.airportBufferMinutes == 90 && rules.deplaneMinutes == 30 && rules.connectionMinutes == 90)
        #expect(rules.firstDepartureHour == 9 && rules.lastDepartureHour == 21 && rules.minimumFlightMiles == 250)
        // 1,000 miles at 500 mph: two hours of cruise plus the allowance.
        #expect(rules.airborneMinutes(greatCircleMiles: 1_000) == 155)
    }
}
