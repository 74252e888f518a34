import Foundation
import Testing
import TripsModel

@testable import TripsPlanner

/// The door-to-door estimate: re-derived here from the rules' numbers and Foundation's calendar
/// (not the planner's zone clock), so a wrong part or a wrong clock shows.
@Suite("Flight estimate")
struct FlightEstimateTests {
    let rules = FlightRules()
    let driving = FlightFixture.driving

    /// The wall clock of `date` in `zone`: "2026-07-11 09:00".
    func local(_ date: Date, _ zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
    }

    func drive(_ from: Coordinate, _ to: Coordinate) -> (miles: Double, seconds: Double) {
        let miles = from.miles(to: to) * driving.roadFactor
        return (miles, miles / driving.averageSpeedMph * 3600)
    }

    /// Each part as the rules say, and the total as their sum.
    func expectParts(_ trip: FlightItinerary, from: PlanPlace, to: PlanPlace) {
        let first = drive(from.coordinate, trip.flight.from.coordinate)
        let last = drive(trip.flight.to.coordinate, to.coordinate)
        #expect(
            abs(trip.toAirport.roadMiles - first.miles) < 1e-6 && abs(trip.toAirport.seconds - first.seconds) < 1e-6)
        #expect(
            abs(trip.fromAirport.roadMiles - last.miles) < 1e-6 && abs(trip.fromAirport.seconds - last.seconds) < 1e-6)
        let miles = trip.flight.from.coordinate.miles(to: trip.flight.to.coordinate)
        let airborne = 35 + miles / 500 * 60
        #expect(abs(trip.flight.airborneMinutes - airborne) < 1e-6)
        let block = (airborne + (trip.flight.connects ? 90 : 0)) * 60
        #expect(abs(trip.flight.arrival.timeIntervalSince(trip.flight.departure) - block) < 1e-3)
        #expect(abs(trip.flight.departure.timeIntervalSince(trip.setOff) - (first.seconds + 90 * 60)) < 1e-3)
        #expect(abs(trip.fromAirport.departure.timeIntervalSince(trip.flight.arrival) - 30 * 60) < 1e-3)
        let sum = first.seconds + 90 * 60 + block + 30 * 60 + last.seconds
        #expect(abs(trip.doorToDoorSeconds - sum) < 1e-3)
        #expect(abs(trip.arrival.timeIntervalSince(trip.earliestLeave) - (trip.waitSeconds + sum)) < 1e-3)
        #expect(trip.waitSeconds >= 0)
    }

    @Test("Los Angeles to Boston after a 22:00 game: the first flight next morning, LAX to BOS direct")
    func afterANightGame() throws {
        let estimator = FlightFixture.estimator([FlightFixture.lax, FlightFixture.bur, FlightFixture.bos])
        let leave = Fixture.instant("2026-07-10 22:30", zone: "America/Los_Angeles")
        let trip = try #require(
            estimator.estimate(from: FlightFixture.dodgerStadium, leaving: leave, to: FlightFixture.fenwayPark)
                .itinerary)
        #expect(trip.flight.from.iata == "LAX" && trip.flight.to.iata == "BOS" && !trip.flight.connects)
        #expect(local(trip.flight.departure, "America/Los_Angeles") == "2026-07-11 09:00")
        // 2,600-odd miles: 5 h 47 min gate to gate, landing 17:4x on Boston's clock.
        #expect(local(trip.flight.arrival, "America/New_York").hasPrefix("2026-07-11 17:4"))
        #expect(trip.setOff > leave)  // slept first: set off in the morning, not at 22:30
        expectParts(trip, from: FlightFixture.dodgerStadium, to: FlightFixture.fenwayPark)
    }

    @Test("shorter than the flying threshold: no flight, whatever airports are near")
    func shortHop() {
        let estimator = FlightFixture.estimator([FlightFixture.iah, FlightFixture.hou, FlightFixture.bos])
        let leave = Fixture.instant("2026-07-10 12:00", zone: "America/Chicago")
        let miles = FlightFixture.minuteMaidPark.coordinate.miles(to: FlightFixture.austin.coordinate)
        #expect(miles < rules.minimumFlightMiles)
        #expect(
            estimator.estimate(from: FlightFixture.minuteMaidPark, leaving: leave, to: FlightFixture.austin)
                == .none(.tooShort(greatCircleMiles: miles)))
    }

    @Test("ready exactly at the window's close departs then; a second later waits for 09:00 next day")
    func windowClose() throws {
        let estimator = FlightFixture.estimator([FlightFixture.lax, FlightFixture.bos])
        let from = FlightFixture.at(FlightFixture.lax)  // no drive: ready = leave + 90 min
        let atClose = Fixture.instant("2026-07-10 19:30", zone: "America/Los_Angeles")
        let onTime = try #require(
            estimator.estimate(from: from, leaving: atClose, to: FlightFixture.fenwayPark).itinerary)
        #expect(local(onTime.flight.departure, "America/Los_Angeles") == "2026-07-10 21:00")
        #expect(onTime.waitSeconds == 0)
        let late = try #require(
            estimator.estimate(from: from, leaving: atClose.addingTimeInterval(1), to: FlightFixture.fenwayPark)
                .itinerary)
        #expect(local(late.flight.departure, "America/Los_Angeles") == "2026-07-11 09:00")
        expectParts(onTime, from: from, to: FlightFixture.fenwayPark)
        expectParts(late, from: from, to: FlightFixture.fenwayPark)
    }

    @Test("ready before 09:00 departs at 09:00, the fan setting off 90 minutes before")
    func windowOpen() throws {
        let estimator = FlightFixture.estimator([FlightFixture.lax, FlightFixture.bos])
        let from = FlightFixture.at(FlightFixture.lax)
        let leave = Fixture.instant("2026-07-10 03:00", zone: "America/Los_Angeles")
        let trip = try #require(estimator.estimate(from: from, leaving: leave, to: FlightFixture.fenwayPark).itinerary)
        #expect(local(trip.flight.departure, "America/Los_Angeles") == "2026-07-10 09:00")
        #expect(local(trip.setOff, "America/Los_Angeles") == "2026-07-10 07:30")
        #expect(trip.waitSeconds == 270 * 60)  // ready at 03:00, setting off at 07:30
    }

    @Test("the window is the departure airport's clock: a Los Angeles 20:30 departure is 23:30 in Boston")
    func departureZone() throws {
        let estimator = FlightFixture.estimator([FlightFixture.lax, FlightFixture.bos])
        let leave = Fixture.instant("2026-07-10 19:00", zone: "America/Los_Angeles")
        let west = try #require(
            estimator.estimate(from: FlightFixture.at(FlightFixture.lax), leaving: leave, to: FlightFixture.fenwayPark)
                .itinerary)
        #expect(local(west.flight.departure, "America/Los_Angeles") == "2026-07-10 20:30")
        // Eastbound the other way round: 19:00 in Los Angeles is 22:00 in Boston, past its window.
        let east = try #require(
            estimator.estimate(
                from: FlightFixture.at(FlightFixture.bos), leaving: leave, to: FlightFixture.dodgerStadium
            )
            .itinerary)
        #expect(local(east.flight.departure, "America/New_York") == "2026-07-11 09:00")
        expectParts(east, from: FlightFixture.at(FlightFixture.bos), to: FlightFixture.dodgerStadium)
    }

    @Test(
        "09:00 is local across DST changes: the spring-forward morning and the fall-back morning",
        arguments: [
            ("2026-03-08 03:00", "2026-03-08 16:00"),  // PDT from 02:00: 09:00 PDT is 16:00 UTC
            ("2026-03-07 21:00", "2026-03-08 16:00"),  // ready after the window, the morning after the change
            ("2026-10-31 21:00", "2026-11-01 17:00"),  // PST from 02:00: 09:00 PST is 17:00 UTC
        ])
    func daylightSaving(leaving: String, utcDeparture: String) throws {
        let estimator = FlightFixture.estimator([FlightFixture.lax, FlightFixture.bos])
        let leave = Fixture.instant(leaving, zone: "America/Los_Angeles")
        let trip = try #require(
            estimator.estimate(from: FlightFixture.at(FlightFixture.lax), leaving: leave, to: FlightFixture.fenwayPark)
                .itinerary)
        #expect(trip.flight.departure == Fixture.instant(utcDeparture, zone: "UTC"))
        #expect(local(trip.flight.departure, "America/Los_Angeles").hasSuffix("09:00"))
    }

    @Test("a regional airport's connection makes the hub a little farther the better choice")
    func connectionChoosesTheHub() throws {
        let from = FlightFixture.at(FlightFixture.bur)
        let leave = Fixture.instant("2026-07-10 09:00", zone: "America/Los_Angeles")
        let regionalOnly = FlightFixture.estimator([FlightFixture.bur, FlightFixture.bos])
        let connecting = try #require(
            regionalOnly.estimate(from: from, leaving: leave, to: FlightFixture.fenwayPark).itinerary)
        #expect(connecting.flight.connects && connecting.flight.from.iata == "BUR")
        expectParts(connecting, from: from, to: FlightFixture.fenwayPark)
        let both = FlightFixture.estimator([FlightFixture.bur, FlightFixture.lax, FlightFixture.bos])
        let direct = try #require(both.estimate(from: from, leaving: leave, to: FlightFixture.fenwayPark).itinerary)
        #expect(direct.flight.from.iata == "LAX" && !direct.flight.connects)
        #expect(direct.arrival < connecting.arrival)
        #expect(direct.toAirport.roadMiles > connecting.toAirport.roadMiles)
    }

    @Test("equal arrivals go to fewer road miles, then to the codes; an earlier arrival beats both")
    func tieBreaks() throws {
        let estimator = FlightFixture.estimator([FlightFixture.lax, FlightFixture.bos])
        let leave = Fixture.instant("2026-07-10 12:00", zone: "America/Los_Angeles")
        let trip = try #require(
            estimator.estimate(from: FlightFixture.dodgerStadium, leaving: leave, to: FlightFixture.fenwayPark)
                .itinerary)
        var fartherDrive = trip
        fartherDrive.fromAirport.roadMiles += 1
        var laterCode = trip
        laterCode.flight.to.iata = "BXX"
        var sooner = fartherDrive
        sooner.fromAirport.arrival = trip.arrival.addingTimeInterval(-1)
        #expect(
            FlightEstimator.isBetter(trip, than: fartherDrive) && !FlightEstimator.isBetter(fartherDrive, than: trip))
        #expect(FlightEstimator.isBetter(trip, than: laterCode) && !FlightEstimator.isBetter(laterCode, than: trip))
        #expect(FlightEstimator.isBetter(sooner, than: trip))
        // The same airport twice under two codes: the estimate keeps the first code.
        var twin = FlightFixture.bos
        twin.iata = "BXX"
        let twins = FlightFixture.estimator([FlightFixture.lax, twin, FlightFixture.bos])
        let chosen = try #require(
            twins.estimate(from: FlightFixture.dodgerStadium, leaving: leave, to: FlightFixture.fenwayPark).itinerary)
        #expect(chosen.flight.to.iata == "BOS")
    }

    @Test("no airport in reach of either end, or no zone for the departure airport: no flight, and why")
    func noFlight() {
        let estimator = FlightFixture.estimator([FlightFixture.lax, FlightFixture.bos])
        let leave = Fixture.instant("2026-07-10 12:00", zone: "America/Chicago")
        let houston = FlightFixture.minuteMaidPark
        #expect(
            estimator.estimate(from: houston, leaving: leave, to: FlightFixture.fenwayPark)
                == .none(.noAirportNearStart))
        #expect(
            estimator.estimate(from: FlightFixture.dodgerStadium, leaving: leave, to: houston)
                == .none(.noAirportNearDestination))
        let noZones = FlightFixture.estimator([FlightFixture.lax, FlightFixture.bos], zones: { _ in nil })
        #expect(
            noZones.estimate(from: FlightFixture.dodgerStadium, leaving: leave, to: FlightFixture.fenwayPark)
                == .none(.unknownZone("America/Los_Angeles")))
    }

    @Test("a place off the map or a time that is no date gives no flight, without trapping")
    func invalidRequests() {
        let estimator = FlightFixture.estimator([FlightFixture.lax, FlightFixture.bos])
        let leave = Fixture.instant("2026-07-10 12:00", zone: "America/Chicago")
        var nowhere = FlightFixture.fenwayPark
        nowhere.coordinate.latitude = .nan
        for (from, at, to) in [
            (FlightFixture.dodgerStadium, leave, nowhere),
            (FlightFixture.dodgerStadium, Date(timeIntervalSince1970: 1e300), FlightFixture.fenwayPark),
            (FlightFixture.dodgerStadium, Date(timeIntervalSince1970: .nan), FlightFixture.fenwayPark),
        ] {
            let estimate = estimator.estimate(from: from, leaving: at, to: to)
            guard case .none(.invalidRequest(let why)) = estimate else {
                Issue.record("expected an invalid request, got \(estimate)")
                continue
            }
            #expect(!why.isEmpty)
        }
        let stalled = FlightEstimator(
            airports: AirportTable(airports: [FlightFixture.lax, FlightFixture.bos]),
            driving: DrivingRules(averageSpeedMph: 0), zones: Fixture.zones)
        let backwards = FlightEstimator(
            airports: AirportTable(airports: [FlightFixture.lax, FlightFixture.bos]),
            rules: FlightRules(firstDepartureHour: 22, lastDepartureHour: 6), driving: FlightFixture.driving,
            zones: Fixture.zones)
        for estimator in [stalled, backwards] {
            let estimate = estimator.estimate(
                from: FlightFixture.dodgerStadium, leaving: leave, to: FlightFixture.fenwayPark)
            guard case .none(.invalidRequest) = estimate else {
                Issue.record("expected an invalid request, got \(estimate)")
                continue
            }
        }
        #expect(!FlightRules(cruiseMph: 0).isValid && !FlightRules(connectionMinutes: .infinity).isValid)
        #expect(FlightRules().isValid)
    }

    @Test(
        "with the shipped airports, Houston to Toronto flies hub to hub (IAH to YYZ), not from the nearer HOU or to YTZ"
    )
    func shippedHubs() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let table = try AirportTable(
            tsv: String(contentsOf: root.appendingPathComponent("Data/airports.tsv"), encoding: .utf8))
        let estimator = FlightEstimator(airports: table, driving: FlightFixture.driving, zones: Fixture.zones)
        let rogersCentre = PlanPlace(
            name: "Rogers Centre", coordinate: Coordinate(latitude: 43.6414, longitude: -79.3894),
            timeZone: "America/Toronto")
        let near = table.airports(near: FlightFixture.minuteMaidPark.coordinate, roadFactor: 1.2).map(\.airport.iata)
        #expect(near.first == "HOU" && near.contains("IAH"), "\(near)")
        #expect(table.airports(near: rogersCentre.coordinate, roadFactor: 1.2).first?.airport.iata == "YTZ")
        let leave = Fixture.instant("2026-07-10 10:00", zone: "America/Chicago")
        let trip = try #require(
            estimator.estimate(from: FlightFixture.minuteMaidPark, leaving: leave, to: rogersCentre).itinerary)
        #expect(trip.flight.from.iata == "IAH" && trip.flight.to.iata == "YYZ" && !trip.flight.connects)
        expectParts(trip, from: FlightFixture.minuteMaidPark, to: rogersCentre)
    }
}
