/// Single drives between games: when a drive from a game (or the start place) to a stadium
/// arrives under the driving rules, and which of that stadium's games it makes.
///
/// A class with constant properties, so the search's many calls neither copy nor re-check it.
final class Reachability: Sendable {
    let nodes: [PlanNode]
    let chains: StadiumChains
    let drive: DriveModel
    let stadiumCount: Int
    /// Each stadium's clock, and the start place's.
    let stadiumClocks: [ZoneClock]
    let startClock: ZoneClock?
    /// The end place's clock: the leg there drives 07:00–23:00 on both ends' clocks too.
    let endClock: ZoneClock?
    /// When the trip may begin: the first day's midnight where it starts.
    let tripOpens: Double
    /// Driving seconds between stadiums (S × S), and from the start place to each: a flying
    /// leg's are its drives to and from the airports.
    let driveSeconds: [Double]
    let startDriveSeconds: [Double]
    let bufferBefore: Double
    let bufferAfter: Double
    let minGap: Double
    /// The legs that fly, and how (nil: every leg is driven).
    let flights: FlightLegs?

    init(
        candidates: CandidateSet, chains: StadiumChains, drive: DriveModel, driveSeconds: [Double],
        startDriveSeconds: [Double], request: PlanRequest, flights: FlightLegs? = nil
    ) {
        self.flights = flights
        nodes = candidates.nodes
        self.chains = chains
        self.drive = drive
        stadiumCount = candidates.stadiums.count
        stadiumClocks = candidates.stadiumClock.map { candidates.clocks[$0] }
        startClock = candidates.startClock.map { candidates.clocks[$0] }
        endClock = candidates.endClock.map { candidates.clocks[$0] }
        tripOpens = candidates.tripOpens
        self.driveSeconds = driveSeconds
        self.startDriveSeconds = startDriveSeconds
        bufferBefore = request.driving.bufferBeforeGameMinutes * 60
        bufferAfter = request.driving.bufferAfterGameMinutes * 60
        minGap = request.minHoursBetweenGames * 3600
    }

    /// When the fan may leave node j.
    func leaving(_ j: Int) -> Double { nodes[j].end + bufferAfter }

    func clock(ofStadium s: Int) -> ZoneClock { stadiumClocks[s] }

    /// First position in chain s of a game the fan can make after leaving node j and arriving at
    /// `arrival` (nil: j is at s itself, so no buffers and no new day are needed).
    func firstReachable(from j: Int, in s: Int, arrival: Double?) -> Int {
        let node = nodes[j]
        let gapStart = node.start + minGap
        guard let arrival else { return chains.firstStarting(s, atOrAfter: max(node.end, gapStart)) }
        return chains.firstStarting(s, atOrAfter: max(arrival + bufferBefore, gapStart))
    }

    /// Whether the drive from stadium a to stadium b is a hop between neighbours
    /// (`DriveModel.hopSeconds`): like staying put, the driving still counting goes on.
    @inline(__always)
    func isHop(from a: Int, to b: Int) -> Bool {
        a != b && driveSeconds[a * stadiumCount + b] <= DriveModel.hopSeconds && flights?.flies(from: a, to: b) != true
    }

    /// A drive to stadium s (from node j, or from the start place when j is nil) with
    /// `usedToday` still counting: the first game it makes in chain s, and the driving it
    /// leaves on the books for games after it (`Arrival.carry(leaving:)`). A hop leaves the
    /// books as they were: `usedToday` counting until `restedBy` (nil: as after staying at j's
    /// stadium, `stayRestedBy`).
    func arrive(from j: Int?, to s: Int, usedToday: Double, restedBy: Double? = nil) -> Arrival {
        guard j != nil || startClock != nil else { return Arrival(first: 0, restedBy: -.infinity, carry: 0) }
        if let flights {
            let from = j.map { nodes[$0].stadium } ?? flights.startPlace
            if flights.flies(from: from, to: s) { return fly(flights, from: j, to: s) }
        }
        if let j, usedToday > 0, isHop(from: nodes[j].stadium, to: s) {
            let arrival = leaving(j) + driveSeconds[nodes[j].stadium * stadiumCount + s]
            return Arrival(
                first: firstReachable(from: j, in: s, arrival: arrival), restedBy: restedBy ?? stayRestedBy(leaving: j),
                carry: usedToday)
        }
        var log = NoDriveLog()
        let drove: (arrival: Double, duty: Double)
        if let j {
            let from = nodes[j].stadium
            drove = drive.drive(
                driveSeconds[from * stadiumCount + s], from: leaving(j), clock: clock(ofStadium: from),
                toward: clock(ofStadium: s), used: usedToday, log: &log)
        } else if let startClock {
            drove = drive.drive(
                startDriveSeconds[s], from: tripOpens, clock: startClock, toward: clock(ofStadium: s), used: 0,
                log: &log)
        } else {
            drove = (tripOpens, 0)
        }
        let arrival = drove.arrival
        guard arrival.isFinite else { return Arrival(first: chains.length(s), restedBy: -.infinity, carry: 0) }
        let clock = clock(ofStadium: s)
        let first =
            j.map { firstReachable(from: $0, in: s, arrival: arrival) }
            ?? chains.firstStarting(s, atOrAfter: arrival + bufferBefore)
        return Arrival(first: first, restedBy: drive.restedBy(arrival: arrival, clock: clock), carry: drove.duty)
    }

    /// A flight to stadium s from node j (nil: the start place): nothing counts on arriving, the
    /// drives to and from the airports being short transfers (`AirportDrive`).
    private func fly(_ flights: FlightLegs, from j: Int?, to s: Int) -> Arrival {
        let arrival = flights.arrival(
            from: j.map { nodes[$0].stadium } ?? flights.startPlace, to: s, leaving: j.map(leaving) ?? tripOpens)
        guard arrival.isFinite else { return Arrival(first: chains.length(s), restedBy: -.infinity, carry: 0) }
        let first =
            j.map { firstReachable(from: $0, in: s, arrival: arrival) }
            ?? chains.firstStarting(s, atOrAfter: arrival + bufferBefore)
        return Arrival(first: first, restedBy: -.infinity, carry: 0)
    }

    /// The `restedBy` of staying at node j's stadium for another game there: the carry on
    /// leaving j lasts through j's leave day (without night driving); with night driving, when
    /// exactly is not known here, so bounds assume the rest is over (optimistic).
    func stayRestedBy(leaving j: Int) -> Double {
        drive.allowsOvernight
            ? leaving(j) : drive.restedBy(arrival: leaving(j), clock: clock(ofStadium: nodes[j].stadium))
    }

    /// Driving the fan may still do on the day of leaving node j, having driven `used` already:
    /// the only way earlier driving changes where a leg from j gets.
    func allowance(leaving j: Int, used: Double) -> Double {
        let leave = leaving(j)
        let close = drive.closing(onDayOf: leave, clock: clock(ofStadium: nodes[j].stadium))
        return max(0, min(close - leave, drive.capSeconds - used))
    }
}
