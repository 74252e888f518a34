import Foundation
import HTTPServer
import TestSupport
import Testing

/// Slow and large request bodies must not lock others out nor take the server's memory: a body
/// has a deadline for the whole of it (a trickle cannot push it back), and the bytes of bodies
/// held at once are counted against a server-wide budget as they arrive.
@Suite struct SlowBodyTests {
    /// A head, then part of its body; the rest never comes.
    static func unfinishedPost(_ path: String, length: Int, sending sent: Int) -> [UInt8] {
        Array("POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n".utf8)
            + [UInt8](repeating: UInt8(ascii: "b"), count: sent)
    }

    @Test func tricklingBodiesFromTenAddressesLeaveOthersServedAndAreClosedAtTheBodyDeadline() async throws {
        var limits = HTTPServer.Limits()
        limits.bodyTimeout = 1
        limits.minBodyBytesPerSecond = 1 << 20
        let (server, handler) = try echoServer(limits: limits)
        defer { server.stop() }
        // Small bodies (read into the connection's buffer) and large ones (into a body buffer).
        let lengths = [1000, 200_000]
        var slow: [LoopbackClient] = []
        for address in SlowlorisTests.attackers {
            for index in 0..<SlowlorisTests.connectionsPerAttacker {
                let client = try LoopbackClient(port: server.port, from: address, timeout: 5)
                client.send(bytes: Self.unfinishedPost("/slow", length: lengths[index % 2], sending: 10))
                slow.append(client)
            }
        }
        let probe = try LoopbackClient(port: server.port, from: "127.0.0.12", timeout: 5)
        probe.send(bytes: Self.unfinishedPost("/probe", length: 200_000, sending: 100))
        let start = ContinuousClock.now

        let answer = try LoopbackClient.exchange(
            port: server.port, "POST /legit HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello", from: "127.0.0.1",
            timeout: 10)
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "the legitimate client was not served: \(answer.prefix(80))")
        #expect(answer.hasSuffix("POST /legit hello"))

        // A trickle must not push the deadline (generous: the whole suite may be running).
        let open = try await trickle(slow, "b", until: start + .seconds(limits.bodySeconds(length: 200_000) + 10))
        #expect(open.count == 0, "\(open.count) slow bodies still open after the body deadline")
        let refused = probe.readToEnd(by: Deadline(.seconds(10)))
        let text = String(decoding: refused.bytes, as: UTF8.self)
        #expect(refused.closed && text.hasPrefix("HTTP/1.1 408 "), "\(text.prefix(80))")
        #expect(text.contains("the request body did not arrive within"))
        #expect(handler.handledPaths == ["/legit"])
        #expect(server.bufferedBodyBytes == 0)
    }

    /// The deadline leaves a body sent at loopback speed alone, however large (within the limit).
    @Test func aLargeBodySentPromptlyIsServed() throws {
        let (server, _) = try echoServer()
        defer { server.stop() }
        let body = String(repeating: "c", count: 4 << 20)
        let answer = try LoopbackClient.exchange(
            port: server.port, "POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer.prefix(80))")
        #expect(answer.hasSuffix("POST /big " + body))
        #expect(server.bufferedBodyBytes == 0)
    }

    /// Past the budget a body is answered 503 (with Retry-After) and its connection closed; the
    /// bytes of a body are given back when it is done, and the next body fits again.
    @Test func bodiesPastTheMemoryBudgetAreRefusedAndTheBudgetIsGivenBack() async throws {
        var limits = HTTPServer.Limits()
        limits.maxBufferedBodyBytes = 1 << 20
        // The budget is what this test is about: the body deadline and the idle timeout are
        // kept out of its way, as the whole suite may be running beside it (under load this
        // task waited past the default 13 s and 30 s before its next step).
        limits.bodyTimeout = 300
        limits.idleTimeout = 300
        let (server, handler) = try echoServer(limits: limits)
        defer { server.stop() }
        let first = try LoopbackClient(port: server.port, from: "127.0.0.2", timeout: 60)
        first.send(bytes: Self.unfinishedPost("/first", length: 900_000, sending: 700_000))
        let held = Deadline(.seconds(60))
        while server.bufferedBodyBytes < 700_000, !held.hasPassed {
            try await Task.sleep(for: .milliseconds(10))  // polling the server's count, with a deadline
        }
        #expect(server.bufferedBodyBytes == 700_000)

        let second = try LoopbackClient(port: server.port, from: "127.0.0.3", timeout: 60)
        second.send(bytes: Self.unfinishedPost("/second", length: 900_000, sending: 500_000))
        let refused = second.readToEnd(by: Deadline(.seconds(60)))
        let text = String(decoding: refused.bytes, as: UTF8.self)
        #expect(refused.closed && text.hasPrefix("HTTP/1.1 503 "), "\(text.prefix(80))")
        #expect(text.contains("Retry-After: 1\r\n"))
        #expect(text.contains("request bodies"))
        #expect(server.bufferedBodyBytes <= limits.maxBufferedBodyBytes)

        first.send(bytes: [UInt8](repeating: UInt8(ascii: "b"), count: 200_000))
        first.finishSending()
        let served = first.readToEnd(by: Deadline(.seconds(60)))
        #expect(String(decoding: served.bytes.prefix(12), as: UTF8.self) == "HTTP/1.1 200")
        let givenBack = Deadline(.seconds(60))
        while server.bufferedBodyBytes > 0, !givenBack.hasPassed {
            try await Task.sleep(for: .milliseconds(10))  // polling the server's count, with a deadline
        }
        #expect(server.bufferedBodyBytes == 0)
        let third = try LoopbackClient.exchange(
            port: server.port,
            "POST /third HTTP/1.1\r\nHost: x\r\nContent-Length: 900000\r\n\r\n" + String(repeating: "d", count: 900_000)
        )
        #expect(third.hasPrefix("HTTP/1.1 200 "), "\(third.prefix(80))")
        #expect(handler.handledPaths == ["/first", "/third"])
    }
}
