import CloudServerProcess
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A slowloris against a real `trips-cloud`: 600 sockets with `TRIPS_TEST_LONG=1` against the
/// default 512 connections (60 against 40 by default), half trickling a request head and half a
/// request body, from ten other loopback addresses or from the client's own, each reopened as
/// soon as the server closes it; every `trips sync` from 127.0.0.1 meanwhile succeeds. The
/// syncs go on past the head deadline, so they also meet the attack reopening its sockets.
@Suite(.serialized) struct SlowlorisSyncTests {
    enum Attack: String, CustomStringConvertible, CaseIterable {
        case fromTenOtherAddresses, fromTheClientsOwnAddress

        var sources: [String] {
            switch self {
            case .fromTenOtherAddresses: return (2...11).map { "127.0.0.\($0)" }
            case .fromTheClientsOwnAddress: return ["127.0.0.1"]
            }
        }

        var description: String { rawValue }
    }

    /// 600 with TRIPS_TEST_LONG=1; 60 by default (see SlowlorisTests for why).
    static let sockets = TestSize.isLong ? 600 : 60
    /// The server's connections: more sockets than that, so the attack fills it.
    static let serverArguments =
        ["--header-timeout", "3", "--quiet"] + (TestSize.isLong ? [] : ["--max-connections", "40"])
    /// At least this many syncs, and on until the head deadline (3 s) has passed by a second.
    static let syncs = 4
    static let attackSpan = Duration.seconds(4)

    @Test(arguments: Attack.allCases)
    func everySyncSucceedsWhileSocketsTrickleHeadsAndBodies(attack: Attack) async throws {
        let server = try await CloudServerProcess.start(
            data: FixtureBundle.directory, extraArguments: Self.serverArguments)
        let cloud = LiveCloud(server: server)
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        try await cloud.admin("postpone", "game_mlb_2026_0822_atl_mil", "--to", "2026-08-23T23:10:00Z")
        let port = UInt16(server.url.port!)
        let slots = (0..<Self.sockets).map { (source: attack.sources[$0 % attack.sources.count], body: $0 % 2 == 1) }
        var opened: [Int32] = []
        for slot in slots { opened.append(try Self.halfSentRequest(port: port, from: slot.source, body: slot.body)) }

        // A byte every half second from each; one the server has answered or closed is opened
        // again, so the attack holds its size for as long as the syncs run.
        let trickling = Atomic(true)
        let reopened = Atomic(0)
        let attackers = opened
        Thread {
            var fds = attackers
            var buffer = [UInt8](repeating: 0, count: 4096)
            while trickling.load(ordering: .relaxed) {
                for (index, slot) in slots.enumerated() {
                    let sendFailed =
                        send(fds[index], "a", 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) < 0 && errno != EAGAIN
                    // 0: closed; more: an answer (408, 503), the close follows.
                    let answered = recv(fds[index], &buffer, buffer.count, Int32(MSG_DONTWAIT)) >= 0
                    guard sendFailed || answered else { continue }
                    guard let fd = try? Self.halfSentRequest(port: port, from: slot.source, body: slot.body) else {
                        continue
                    }
                    close(fds[index])
                    fds[index] = fd
                    reopened.add(1, ordering: .relaxed)
                }
                Thread.sleep(forTimeInterval: 0.5)  // the trickle's pace, not a synchronisation
            }
            // The trickle owns the descriptors and closes them after its last write, so it never
            // writes to a number reused meanwhile (a byte in another test's pipe would stall it),
            // and the test never waits for it.
            for fd in fds { close(fd) }
        }.start()
        defer { trickling.store(false, ordering: .relaxed) }

        let clock = ContinuousClock()
        let started = clock.now
        var (syncs, succeeded) = (0, 0)
        // Bounded: at most 50 syncs, each with its own --time-limit.
        while syncs < Self.syncs || clock.now - started < Self.attackSpan, syncs < 50 {
            syncs += 1
            // --time-limit: the deadline of the wait (a sync cut short exits 130, not 0).
            let sync = try await trips.run("sync", "--quiet", "--time-limit", "60")
            #expect(sync.status == 0, "sync \(syncs): \(sync.stderr)")
            if sync.status == 0 { succeeded += 1 }
        }
        print(
            "slowloris \(attack) (\(Self.sockets) sockets): \(succeeded) of \(syncs) syncs succeeded in "
                + "\(clock.now - started); \(reopened.load(ordering: .relaxed)) sockets reopened meanwhile")
        #expect(reopened.load(ordering: .relaxed) > 0, "the server closed no slow socket while the syncs ran")
        let local = try await trips.run("debug", "checksum")
        #expect(local.stdout == (try await cloud.checksumLines()).map { $0 + "\n" }.joined())
    }

    struct SocketFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// A connection from `source` that sent part of a request head (or a head and the first byte
    /// of a 1 MB body) and stops there.
    static func halfSentRequest(port: UInt16, from source: String, body: Bool) throws -> Int32 {
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
        let text =
            body
            ? "POST /database/1/x HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\na"
            : "POST /database/1/x HTTP/1.1\r\nHost: x\r\nX-"
        let head = Array(text.utf8)
        _ = head.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return fd
    }
}
