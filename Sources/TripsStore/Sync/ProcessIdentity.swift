import FoundationEssentials
import Glibc

/// A process as Linux names it for as long as it lives: its pid and its start time (clock
/// ticks after boot, `/proc/PID/stat` field 22). A pid alone is reused after the process dies;
/// with the start time, a record left by a killed `trips sync --watch` is never taken for a
/// live watcher that happens to get the same pid.
public struct ProcessIdentity: Sendable, Hashable {
    public var pid: Int32
    public var startTicks: UInt64

    public init(pid: Int32, startTicks: UInt64) {
        self.pid = pid
        self.startTicks = startTicks
    }

    /// This process.
    public static var current: ProcessIdentity? {
        let pid = getpid()
        return startTicks(of: pid).map { ProcessIdentity(pid: pid, startTicks: $0) }
    }

    /// Whether this very process still runs.
    public var isAlive: Bool { Self.startTicks(of: pid) == startTicks }

    /// Field 22 of `/proc/PID/stat`; nil when there is no such process. The command name (field 2)
    /// may hold spaces and parentheses, so fields are counted after its last ')'.
    static func startTicks(of pid: Int32) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state), so field 22 is fields[19].
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }
}
