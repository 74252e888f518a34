import Foundation
import HTTPServer
import TestSupport
import Testing

/// Slow clients (slowloris: many connections, each trickling its request head a byte at a time)
/// must not lock others out: a request head has a deadline a trickle cannot push back, and one
/// remote address holds at most so many connections.
@Suite struct SlowlorisTests {
    /// The attackers' addresses (all of 127/8 is loopback); the legitimate client is 127.0.0.1.
    static let attackers = (2...7).map { "127.0.0.\($0)" }
    /// 600 in all with `TRIPS_TEST_LONG=1` (`make test-long`); 60 by default. Six hundred sockets
    /// and server threads inside the test process slowed every process other tests started
    /// meanwhile (their exits were seen a minute late), so the full size runs alone.
    static let connectionsPerAttacker = TestSize.isLong ? 100 : 10

    @Test func tricklingConnectionsFromSixAddressesLeaveOthersServedAndAreClosedAtTheHeadDeadline() async throws {
        var limits = HTTPServer.Limits()
        limits.headerTimeout = 1.5
        let (server, handler) = try echoServer(limits: limits)
        defer { server.stop() }
        var slow: [LoopbackClient] = []
        for address in Self.attackers {
            for _ in 0..<Self.connectionsPerAttacker {
                let client = try LoopbackClient(port: server.port, from: address, timeout: 5)
                client.send("GET /slow HTTP/1.1\r\nX-")
                slow.append(client)
            }
        }
        let clock = ContinuousClock()
        let start = clock.now
        // Served at all, before the exchange's own deadline: a server the trickles had locked up
        // would answer nothing. How fast is the benchmarks' business, not this test's.
        let answer = try LoopbackClient.exchange(
            port: server.port, "GET /legit HTTP/1.1\r\nHost: x\r\n\r\n", from: "127.0.0.1", timeout: 10)
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "the legitimate client was not served: \(answer.prefix(80))")

        // A byte every 200 ms from every slow connection: a trickle must not push the deadline.
        let deadline = start + .seconds(limits.headerTimeout + 10)  // generous: the whole suite may be running
        var open = slow
        // Checked once more after the last pause: under a loaded test run the pause may end long
        // after the deadline, and the connections are judged as they are then, not as before it.
        while true {
            open = open.filter { $0.send("a") && !$0.isClosed(within: 0) }
            if open.isEmpty || clock.now >= deadline { break }
            try await Task.sleep(for: .milliseconds(200))  // the trickle's pace, not a synchronisation
        }
        #expect(open.count == 0, "\(open.count) slow connections still open after the head deadline")
        #expect(handler.handledPaths == ["/legit"])
    }

    @Test func oneAddressHoldsAtMostItsShareOfConnections() throws {
        var limits = HTTPServer.Limits()
        limits.maxConnectionsPerAddress = 3
        let (server, _) = try echoServer(limits: limits)
        defer { server.stop() }
        let held = try (0..<3).map { _ in try LoopbackClient(port: server.port, from: "127.0.0.9") }
        for client in held { client.send("GET / HTTP/1.1\r\n") }
        let fourth = try LoopbackClient.exchange(
            port: server.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", from: "127.0.0.9")
        #expect(fourth.hasPrefix("HTTP/1.1 503 "), "\(fourth.prefix(80))")
        let other = try LoopbackClient.exchange(
            port: server.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", from: "127.0.0.10")
        #expect(other.hasPrefix("HTTP/1.1 200 "))
    }
}
