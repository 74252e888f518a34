import Foundation

/// The latest moment a test waits for something. Every wait in a test has one, so a stalled
/// process or a lost event fails the test with a message instead of hanging the suite.
public struct Deadline: Sendable, CustomStringConvertible {
    /// How long the wait was allowed (for the message when it runs out).
    public let allowed: Duration
    public let instant: ContinuousClock.Instant

    public init(_ allowed: Duration) {
        self.allowed = allowed
        instant = ContinuousClock.now + allowed
    }

    public var hasPassed: Bool { ContinuousClock.now >= instant }

    /// The same instant on the wall clock, for blocking waits (`NSCondition`).
    var date: Date {
        let left = ContinuousClock.now.duration(to: instant).components
        return Date().addingTimeInterval(Double(left.seconds) + Double(left.attoseconds) / 1e18)
    }

    public var description: String { "\(allowed)" }

    /// Checks `check` every `interval` until it answers a value, for state nothing announces (a
    /// file, a server's log); throws `WaitTimedOut` naming `what` once the deadline has passed.
    /// `Task.sleep` between checks: no pool thread is held while waiting.
    public static func poll<Value>(
        _ what: String, within allowed: Duration, every interval: Duration = .milliseconds(5),
        _ check: () async throws -> Value?
    ) async throws -> Value {
        let deadline = Deadline(allowed)
        while true {
            if let value = try await check() { return value }
            guard !deadline.hasPassed else { throw WaitTimedOut(waitingFor: what, allowed: allowed) }
            try await Task.sleep(for: interval)
        }
    }
}

/// A wait that ran out of time: what it waited for, how long it was allowed, and — when a child
/// process was involved — its pid and the last lines it wrote.
public struct WaitTimedOut: Error, CustomStringConvertible {
    public var waitingFor: String
    public var allowed: Duration
    public var pid: Int32?
    public var command: String?
    public var lastLines: [String] = []

    public init(
        waitingFor: String, allowed: Duration, pid: Int32? = nil, command: String? = nil, lastLines: [String] = []
    ) {
        self.waitingFor = waitingFor
        self.allowed = allowed
        self.pid = pid
        self.command = command
        self.lastLines = lastLines
    }

    public var description: String {
        var text = "timed out after \(allowed) waiting for \(waitingFor)"
        if let pid { text += " (pid \(pid)\(command.map { ": \($0)" } ?? ""), killed)" }
        if pid != nil {
            text += lastLines.isEmpty ? "\n(it wrote nothing)" : "\n--- its last \(lastLines.count) lines ---\n"
            text += lastLines.joined(separator: "\n")
        }
        return text
    }
}
