import CloudKitWeb
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Request bodies against a real `trips-cloud`: a records request is at most
/// `ProtocolLimits.requestBytes`, and unfinished large bodies cannot take the server's memory.
@Suite struct BodyMemoryTests {
    /// A process's resident memory in bytes (`VmRSS` of /proc/PID/status; `VmHWM`: its peak).
    static func residentBytes(_ pid: Int32, field: String = "VmRSS") -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    /// Runs blocking socket work on a thread of its own, awaited (no pool thread is held).
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    /// Clients connected and kept open (closed when this is freed).
    final class Held: @unchecked Sendable {
        var clients: [LoopbackClient] = []
    }

    @Test func aRecordsRequestOverTheProtocolLimitIsRefusedWith413() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let port = UInt16(server.process.url.port!)
        let answer = try await Self.onThread { () throws -> String in
            let client = try LoopbackClient(port: port)
            client.send(
                "POST /database/1/x/development/public/records/modify HTTP/1.1\r\nHost: x\r\nContent-Length: \(ProtocolLimits.requestBytes + 1)\r\n\r\n"
            )
            return String(decoding: client.readToEnd(by: Deadline(.seconds(20))).bytes, as: UTF8.self)
        }
        #expect(answer.hasPrefix("HTTP/1.1 413 "), "\(answer.prefix(80))")
        #expect(answer.contains("exceeds the limit of \(ProtocolLimits.requestBytes) bytes"))
    }

    /// 20 connections each sending all but the last byte of a 15 MB body (the server started
    /// with a 16 MB body limit, so the memory budget, not the size limit, is what holds).
    @Test func twentyUnfinishedFifteenMegabyteBodiesRaiseTheServersMemoryByLessThan100MB() async throws {
        let server = try await TestServer.start(games: 1, arguments: ["--max-body-bytes", "\(16 << 20)"])
        defer { server.close() }
        let port = UInt16(server.process.url.port!)
        let pid = server.process.processIdentifier
        let length = 15 << 20
        // One request first, so what the server needs anyway is resident before the measure.
        _ = try await Self.onThread { try LoopbackClient.exchange(port: port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n") }
        let before = try #require(Self.residentBytes(pid))
        let held = Held()
        try await Self.onThread {
            let body = [UInt8](repeating: UInt8(ascii: "x"), count: length - 1)
            for index in 0..<20 {
                let client = try LoopbackClient(port: port, from: "127.0.0.\(2 + index % 10)", timeout: 20)
                client.send("POST /database/1/x HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n")
                client.send(bytes: body)  // false for those refused past the budget
                held.clients.append(client)
            }
        }
        // What the kernel still buffers reaches the server within a moment: watch for a second.
        var resident = 0
        let watched = Deadline(.seconds(1))
        while !watched.hasPassed {
            resident = max(resident, Self.residentBytes(pid) ?? 0)
            try await Task.sleep(for: .milliseconds(50))  // a sampling pace, not a synchronisation
        }
        let peak = try #require(Self.residentBytes(pid, field: "VmHWM"))
        print(
            "body memory: \(before >> 20) MB before, \(resident >> 20) MB with 20 unfinished 15 MB bodies"
                + " (peak \(peak >> 20) MB)")
        #expect(peak - before < 100 << 20, "\((peak - before) >> 20) MB more at the peak with 20 unfinished bodies")

        held.clients = []
        let closed = Deadline(.seconds(20))
        var after = resident
        // The body buffers go back to the system when their connections end.
        while !closed.hasPassed {
            after = Self.residentBytes(pid) ?? after
            if after - before < 30 << 20 { break }
            try await Task.sleep(for: .milliseconds(50))  // polling the server's memory, with a deadline
        }
        print("body memory: \(after >> 20) MB after they closed")
        #expect(after - before < 30 << 20, "\((after - before) >> 20) MB kept after the bodies' connections closed")
    }
}
