import Foundation

/// Slows password guessing on the sign-in page: after `limit` wrong passwords for one user name
/// within `windowMs`, that name is not checked again until the window since the first of them has
/// passed (the slow hash already costs each guess ~0.2 s of a core; this bounds the guesses).
/// Kept in memory: a restart forgets it, as a development server may.
final class SignInThrottle: @unchecked Sendable {
    // `@unchecked`: all state is under `lock`.
    let limit: Int
    let windowMs: Int64
    /// Names remembered at most; beyond it, expired entries go, then all (memory stays bounded).
    static let maximumNames = 10_000

    private let lock = NSLock()
    private var failures: [String: (count: Int, sinceMs: Int64)] = [:]

    init(limit: Int = 5, windowMs: Int64 = 300_000) {
        self.limit = limit
        self.windowMs = windowMs
    }

    /// Milliseconds until `name` may be tried again; nil when it may be now.
    func waitMs(for name: String, nowMs: Int64) -> Int64? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = failures[name], entry.count >= limit else { return nil }
        let left = entry.sinceMs + windowMs - nowMs
        if left <= 0 {
            failures[name] = nil
            return nil
        }
        return left
    }

    func failed(_ name: String, nowMs: Int64) {
        lock.lock()
        defer { lock.unlock() }
        if failures.count >= SignInThrottle.maximumNames {
            failures = failures.filter { nowMs - $0.value.sinceMs < windowMs }
            if failures.count >= SignInThrottle.maximumNames { failures = [:] }
        }
        if let entry = failures[name], nowMs - entry.sinceMs < windowMs {
            failures[name] = (entry.count + 1, entry.sinceMs)
        } else {
            failures[name] = (1, nowMs)
        }
    }

    func succeeded(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        failures[name] = nil
    }
}
