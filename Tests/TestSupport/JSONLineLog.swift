import Foundation

/// The JSON lines a running process writes to a file, read as they come: `next` waits for the
/// next line that matches (the process's own report is the synchronisation point; the timeout
/// only guards against a process that never reports). For `trips sync --watch --format json`
/// in the benchmarks, which run outside any test pool; tests read a `WatchedProcess`'s lines
/// with `Line(text:)` instead, awaiting them.
public struct JSONLineLog {
    public struct Line {
        public var fields: [String: Any]
        /// When the reader saw it.
        public var seen: Date

        /// One JSON object's text (fields empty when it is not one).
        public init(text: some StringProtocol, seen: Date = Date()) {
            fields = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
            self.seen = seen
        }

        public subscript(key: String) -> String? { fields[key] as? String }

        /// A number field.
        public func number(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue }

        /// An ISO 8601 instant field (with or without milliseconds).
        public func instant(_ key: String) -> Date? {
            guard let text = self[key] else { return nil }
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
        }
    }

    public let file: URL
    private let isRunning: () -> Bool
    public private(set) var lines: [Line] = []
    private var consumed = 0

    public init(file: URL, isRunning: @escaping () -> Bool) {
        self.file = file
        self.isRunning = isRunning
    }

    /// The next line not yet returned that satisfies `matches`, or nil after `timeout` seconds
    /// (or when the process ended without writing it).
    public mutating func next(within timeout: Double = 30, where matches: (Line) -> Bool) -> Line? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            read()
            while consumed < lines.count {
                consumed += 1
                if matches(lines[consumed - 1]) { return lines[consumed - 1] }
            }
            guard Date() < deadline, isRunning() else {
                read()
                return nil
            }
            usleep(10_000)
        }
    }

    /// Lines written so far that satisfy `matches` (whether returned by `next` or not).
    public mutating func all(where matches: (Line) -> Bool) -> [Line] {
        read()
        return lines.filter(matches)
    }

    private mutating func read() {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return }
        let complete = text.split(separator: "\n").dropLast(text.hasSuffix("\n") ? 0 : 1)
        for raw in complete.dropFirst(lines.count) { lines.append(Line(text: raw)) }
    }
}
