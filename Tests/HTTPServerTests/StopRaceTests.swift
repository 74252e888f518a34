import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// `stop()` against a busy accept loop: a stopped server must not go on accepting — not even on a
/// socket that reuses its old descriptor number, which is what the next server's listener gets.
@Suite struct StopRaceTests {
    static let servers = 150
    static let clients = 4

    @Test func startingAndStoppingUnderConnectsNeverCrossesServersNorHangs() async throws {
        let answers = Mutex<[(server: Int, answer: String)]>([])
        let finished = await finishes(within: 90) {
            var server = try? HTTPServer()
            for id in 0..<Self.servers {
                guard let current = server else { break }
                current.start(handler: EchoHandler(id: id))
                let port = current.port
                let connects = DispatchGroup()
                for _ in 0..<Self.clients {
                    connects.enter()
                    Thread {
                        defer { connects.leave() }
                        for _ in 0..<3 {
                            // A refused or reset connect is fine: the server may be stopping.
                            guard
                                let answer = try? LoopbackClient.exchange(
                                    port: port, "GET /who HTTP/1.1\r\nHost: x\r\n\r\n", timeout: 5)
                            else { continue }
                            answers.withLock { $0.append((id, answer)) }
                        }
                    }.start()
                }
                current.stop()
                // The next listener right away: it likely takes the descriptor just closed.
                server = try? HTTPServer()
                _ = connects.wait(timeout: .now() + 20)
            }
            server?.stop()
        }
        #expect(finished, "start/stop under connects hung")
        let served = answers.withLock { $0 }
        let crossed = served.filter { entry in
            entry.answer.hasPrefix("HTTP/1.1 200 ") && !entry.answer.hasSuffix("\r\n\r\n\(entry.server) GET /who ")
        }
        #expect(crossed.isEmpty, "\(crossed.count) answers from another server, e.g. \(crossed.first?.answer ?? "")")
    }
}
