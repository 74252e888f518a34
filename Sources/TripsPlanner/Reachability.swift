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
    /// When the trip may begin: the first day's midnight where it starts.
    let tripOpens: Double
    /// Driving seconds between stadiums (S × S), and from the start place to each.
    let driveSeconds: [Double]
    let startDriveSeconds: [Double]
    let bufferBefore: Double
    let bufferAfter: Double
    let minGap: Double

    init(
        candidates: CandidateSet, chains: StadiumChains, drive: DriveModel, driveSeconds: [Double],
        startDriveSeconds: [Double], request: PlanRequest
    ) {
        nodes = candidates.nodes
        self.chains = chains
        self.drive = drive
        stadiumCount = candidates.stadiums.count
        stadiumClocks = candidates.stadiumClock.map { candidates.clocks[$0] }
        startClock = candidates.startClock.map { candidates.clocks[$0] }
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
        let byTime = chains.firstStarting(s, atOrAfter: max(arrival + bufferBefore, gapStart))
        return max(byTime, chains.firstDay(s, after: node.day))
    }

    /// Arrival at stadium s after leaving node j, with `usedToday` seconds already driven that day.
    func arrival<Log: DriveLog>(from j: Int, to s: Int, usedToday: Double, log: inout Log) -> Double {
        let from = nodes[j].stadium
        return drive.arrival(
            driving: driveSeconds[from * stadiumCount + s], from: leaving(j), clock: clock(ofStadium: from),
            usedToday: usedToday, log: &log)
    }

    /// Arrival at stadium s from the start place, leaving when the trip opens (no start place:
    /// no drive, the trip opens at its first game).
    func arrivalFromStart<Log: DriveLog>(at s: Int, log: inout Log) -> Double {
        guard let startClock else { return tripOpens }
        return drive.arrival(
            driving: startDriveSeconds[s], from: tripOpens, clock: startClock, usedToday: 0, log: &log)
    }

    /// A drive to stadium s (from node j, or from the start place when j is nil) with
    /// `usedToday` already driven: the first game it makes in chain s, and the driving it
    /// leaves on the books for games on its arrival day (`Arrival.carry(at:leaving:)`).
    func arrive(from j: Int?, to s: Int, usedToday: Double) -> Arrival {
        guard j != nil || startClock != nil else { return Arrival(first: 0, day: .min, carry: 0) }
        var log = TailDriveLog()
        let arrival =
            j.map { self.arrival(from: $0, to: s, usedToday: usedToday, log: &log) }
            ?? arrivalFromStart(at: s, log: &log)
        guard arrival.isFinite else { return Arrival(first: chains.length(s), day: .min, carry: 0) }
        let clock = clock(ofStadium: s)
        let first =
            j.map { firstReachable(from: $0, in: s, arrival: arrival) }
            ?? chains.firstStarting(s, atOrAfter: arrival + bufferBefore)
        return Arrival(first: first, day: clock.day(at: arrival), carry: log.driving(onDayOf: arrival, clock: clock))
    }

    /// Driving the fan may still do on the day of leaving node j, having driven `used` already:
    /// the only way earlier driving changes where a leg from j gets.
    func allowance(leaving j: Int, used: Double) -> Double {
        let leave = leaving(j)
        let close = drive.closing(onDayOf: leave, clock: clock(ofStadium: nodes[j].stadium))
        return max(0, min(close - leave, drive.capSeconds - used))
    }
}
