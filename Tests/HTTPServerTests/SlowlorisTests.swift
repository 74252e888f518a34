import Foundation
import HTTPServer
import TestSupport
import Testing

/// Slow clients (slowloris: many connections, each trickling its request head a byte at a time)
/// must not lock others out: a request head has a deadline a trickle cannot push back, one
/// remote address holds at most so many connections, and a newcomer gets in by shedding the
/// oldest waiting connection where that is fair.
@Suite struct SlowlorisTests {
    /// The attackers' addresses (all of 127/8 is loopback); the legitimate client is 127.0.0.1.
    static let attackers = (2...11).map { "127.0.0.\($0)" }
    /// 600 in all with `TRIPS_TEST_LONG=1` (`make test-long`); 60 by default. Six hundred sockets
    /// and server threads inside the test process slowed every process other tests started
    /// meanwhile (their exits were seen a minute late), so the full size runs alone.
    static let connectionsPerAttacker = TestSize.isLong ? 60 : 6

    @Test func tricklingConnectionsFromTenAddressesLeaveOthersServedAndAreClosedAtTheHeadDeadline() async throws {
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
        let start = ContinuousClock.now
        // Served at all, before the exchange's own deadline: a server the trickles had locked up
        // would answer nothing. How fast is the benchmarks' business, not this test's.
        let answer = try LoopbackClient.exchange(
            port: server.port, "GET /legit HTTP/1.1\r\nHost: x\r\n\r\n", from: "127.0.0.1", timeout: 10)
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "the legitimate client was not served: \(answer.prefix(80))")

        // A trickle must not push the deadline (generous: the whole suite may be running).
        let open = try await trickle(slow, "a", until: start + .seconds(limits.headerTimeout + 10))
        #expect(open.count == 0, "\(open.count) slow connections still open after the head deadline")
        #expect(handler.handledPaths == ["/legit"])
    }

    /// A client sharing its address with slow sockets (behind one NAT, say) still gets in: the
    /// address's oldest waiting connection makes room, and the address never holds more than its share.
    @Test func aNewcomerFromAFullAddressShedsThatAddresssOldestWaitingConnection() throws {
        var limits = HTTPServer.Limits()
        limits.maxConnectionsPerAddress = 3
        let (server, _) = try echoServer(limits: limits)
        defer { server.stop() }
        let held = try (0..<3).map { _ in try LoopbackClient(port: server.port, from: "127.0.0.9") }
        for client in held { client.send("GET / HTTP/1.1\r\n") }
        let fourth = try LoopbackClient.exchange(
            port: server.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", from: "127.0.0.9")
        #expect(fourth.hasPrefix("HTTP/1.1 200 "), "\(fourth.prefix(80))")
        #expect(held[0].isClosed(within: 5), "the oldest waiting connection was not shed")
        #expect(!held[1].isClosed(within: 0.2) && !held[2].isClosed(within: 0))
        #expect(server.shedConnections == 1)
        let other = try LoopbackClient.exchange(
            port: server.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", from: "127.0.0.10")
        #expect(other.hasPrefix("HTTP/1.1 200 "))
        #expect(server.shedConnections == 1, "room was made for an address that had some")
    }

    /// A full server makes room for a newcomer from the address holding the most when that
    /// address would still hold at least as many, else from the newcomer's own address.
    @Test func aFullServerShedsFromTheAddressHoldingMostOrElseFromTheNewcomersOwn() throws {
        var limits = HTTPServer.Limits()
        limits.maxConnections = 6
        let (server, handler) = try echoServer(limits: limits)
        defer { server.stop() }
        func slow(from address: String) throws -> LoopbackClient {
            let client = try LoopbackClient(port: server.port, from: address)
            client.send("GET /slow HTTP/1.1\r\n")
            return client
        }
        func get(_ path: String, from address: String) throws -> String {
            try LoopbackClient.exchange(port: server.port, "GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n", from: address)
        }
        let two = try (0..<3).map { _ in try slow(from: "127.0.0.2") }
        let three = try (0..<3).map { _ in try slow(from: "127.0.0.3") }
        #expect(try get("/newcomer", from: "127.0.0.1").hasPrefix("HTTP/1.1 200 "))
        #expect(two[0].isClosed(within: 5), "the oldest waiting connection of a heaviest address was not shed")
        #expect((two.dropFirst() + three).allSatisfy { !$0.isClosed(within: 0) })

        let refill = try slow(from: "127.0.0.2")
        // 127.0.0.2 and 127.0.0.3 hold three each: room comes from the newcomer's own address.
        #expect(try get("/balanced", from: "127.0.0.3").hasPrefix("HTTP/1.1 200 "))
        #expect(three[0].isClosed(within: 5), "the newcomer's own oldest waiting connection was not shed")
        #expect((two.dropFirst() + three.dropFirst() + [refill]).allSatisfy { !$0.isClosed(within: 0) })
        #expect(server.shedConnections == 2)
        #expect(handler.handledPaths == ["/newcomer", "/balanced"])
    }

}
