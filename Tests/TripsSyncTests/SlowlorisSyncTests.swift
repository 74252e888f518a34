import CloudServerProcess
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A slowloris against a real `trips-cloud` (600 connections with `TRIPS_TEST_LONG=1`, 60 by default, from six other loopback
/// addresses, each holding a half-sent request head) leaves `trips sync` from 127.0.0.1 working.
@Suite struct SlowlorisSyncTests {
    @Test func tripsSyncWorksDuringASlowlorisOfSixHundredConnections() async throws {
        let server = try await CloudServerProcess.start(
            data: FixtureBundle.directory, extraArguments: ["--header-timeout", "3", "--quiet"])
        let cloud = LiveCloud(server: server)
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        try await cloud.admin("postpone", "game_mlb_2026_0822_atl_mil", "--to", "2026-08-23T23:10:00Z")
        let port = UInt16(server.url.port!)
        var slow: [Int32] = []
        var trickleOwnsThem = false
        defer { if !trickleOwnsThem { for fd in slow { close(fd) } } }
        for source in 2...7 {
            // 600 in all with TRIPS_TEST_LONG=1; 60 by default (see SlowlorisTests for why).
            for _ in 0..<(TestSize.isLong ? 100 : 10) {
                let fd = try Self.halfSentRequest(port: port, from: "127.0.0.\(source)")
                slow.append(fd)
            }
        }

        // A byte a second from each: a trickle must not keep them alive past the head deadline.
        let trickling = Atomic(true)
        let attackers = slow
        trickleOwnsThem = true
        Thread {
            while trickling.load(ordering: .relaxed) {
                for fd in attackers { _ = send(fd, "a", 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                Thread.sleep(forTimeInterval: 1)  // the trickle's pace, not a synchronisation
            }
            // The trickle owns the descriptors and closes them after its last write, so it never
            // writes to a number reused meanwhile (a byte in another test's pipe would stall it),
            // and the test never waits for it.
            for fd in attackers { close(fd) }
        }.start()
        defer { trickling.store(false, ordering: .relaxed) }

        // --time-limit: the deadline of the wait (a sync cut short exits 130, not 0).
        let sync = try await trips.run("sync", "--quiet", "--time-limit", "60")

        #expect(sync.status == 0, "\(sync.stderr)")
        let local = try await trips.run("debug", "checksum")
        #expect(local.stdout == (try await cloud.checksumLines()).map { $0 + "\n" }.joined())
    }

    struct SocketFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// A connection from `source` that sent part of a request head and stops there.
    static func halfSentRequest(port: UInt16, from source: String) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketFailure(description: "socket: \(errno)") }
        var time = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var ok = true
        for (host, hostPort, call) in [(source, UInt16(0), "bind"), ("127.0.0.1", port, "connect")] where ok {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = hostPort.bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            ok = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    let size = socklen_t(MemoryLayout<sockaddr_in>.size)
                    return (call == "bind" ? bind(fd, $0, size) : connect(fd, $0, size)) == 0
                }
            }
            if !ok {
                let failure = SocketFailure(description: "\(call) \(host): \(String(cString: strerror(errno)))")
                close(fd)
                throw failure
            }
        }
        let head = Array("POST /database/1/x HTTP/1.1\r\nHost: x\r\nX-".utf8)
        _ = head.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return fd
    }
}
