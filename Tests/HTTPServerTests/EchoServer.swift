import Foundation
import HTTPServer
import Synchronization
import TestSupport

/// The HTTP layer alone, in process: answers `200 "<id> <method> <path> <body>"` and remembers
/// every path it was asked for, so a test sees what a smuggled request would have reached.
final class EchoHandler: RequestHandler {
    let id: Int
    private let paths = Mutex<[String]>([])

    init(id: Int = 0) { self.id = id }

    var handledPaths: [String] { paths.withLock { $0 } }

    func handle(_ request: ServerRequest) -> ServerResponse {
        paths.withLock { $0.append(request.path) }
        let body = String(decoding: request.body, as: UTF8.self)
        return .text(200, "\(id) \(request.method) \(request.path) \(body)")
    }

    func reject(status: Int, reason: String) -> ServerResponse { .text(status, reason) }
}

/// The lines a server logged, in order.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    @Sendable func append(_ line: String) { lines.withLock { $0.append(line) } }

    var all: [String] { lines.withLock { $0 } }
}

/// An in-process `HTTPServer` answering with a new `EchoHandler` (the caller stops it).
func echoServer(limits: HTTPServer.Limits = HTTPServer.Limits(), log: (@Sendable (String) -> Void)? = nil) throws
    -> (HTTPServer, EchoHandler)
{
    let handler = EchoHandler()
    let server = try HTTPServer(limits: limits, log: log)
    server.start(handler: handler)
    return (server, handler)
}

/// Sends `byte` from every client every 200 ms (a trickle's pace, not a synchronisation) until
/// the server has closed them all or `deadline` has passed; answers those still open. Checked once
/// more after the last pause: under a loaded test run the pause may end long after the deadline,
/// and the connections are judged as they are then, not as before it.
func trickle(_ clients: [LoopbackClient], _ byte: String, until deadline: ContinuousClock.Instant) async throws
    -> [LoopbackClient]
{
    var open = clients
    while true {
        open = open.filter { $0.send(byte) && !$0.isClosed(within: 0) }
        if open.isEmpty || ContinuousClock.now >= deadline { return open }
        try await Task.sleep(for: .milliseconds(200))
    }
}

/// Runs blocking `work` on its own thread and awaits it at most `seconds`: a hang fails the test
/// (the thread is left behind) instead of hanging the run, and the wait holds no pool thread.
/// True when `work` finished in time.
func finishes(within seconds: Double, _ work: @escaping @Sendable () -> Void) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let answer = FirstAnswer(continuation)
        Thread {
            work()
            answer.give(true)
        }.start()
        Task {
            try? await Task.sleep(for: .seconds(seconds))
            answer.give(false)
        }
    }
}

/// Resumes a continuation with the first answer given; later ones are dropped.
private final class FirstAnswer: Sendable {
    private let continuation: Mutex<CheckedContinuation<Bool, Never>?>

    init(_ continuation: CheckedContinuation<Bool, Never>) { self.continuation = Mutex(continuation) }

    func give(_ value: Bool) {
        let waiting = continuation.withLock { slot in
            defer { slot = nil }
            return slot
        }
        waiting?.resume(returning: value)
    }
}

/// The answers in what a server sent: each a status line, headers and a `Content-Length` body;
/// `rest` holds what is not a whole answer (nothing, when the server sent only answers).
struct Answers {
    struct Answer {
        var status: Int
        /// Names lowercased.
        var headers: [String: String]
        var body: String
    }

    var answers: [Answer] = []
    var rest: [UInt8]

    init(_ bytes: [UInt8]) {
        var bytes = bytes[...]
        while let answer = Self.first(of: &bytes) { answers.append(answer) }
        rest = Array(bytes)
    }

    /// Takes one answer off the front of `bytes`, or leaves them as they are.
    private static func first(of bytes: inout ArraySlice<UInt8>) -> Answer? {
        let end = Array("\r\n\r\n".utf8)
        guard let headEnd = bytes.indices.first(where: { bytes[$0...].starts(with: end) }) else { return nil }
        let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let bodyStart = headEnd + end.count
        guard let length = Int(headers["content-length"] ?? ""), bytes.endIndex - bodyStart >= length else {
            return nil
        }
        let body = String(decoding: bytes[bodyStart..<(bodyStart + length)], as: UTF8.self)
        bytes = bytes[(bodyStart + length)...]
        return Answer(status: status, headers: headers, body: body)
    }
}
