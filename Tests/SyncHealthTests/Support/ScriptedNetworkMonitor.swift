@testable import SyncHealth

/// A `NetworkMonitor` that plays back raw readings (repeats included) through the same feed the
/// real monitors publish with, then ends: what a watcher test injects instead of the kernel.
struct ScriptedNetworkMonitor: NetworkMonitor {
    var readings: [NetworkStatus]

    func statuses() -> AsyncStream<NetworkStatus> {
        let (stream, feed) = StatusFeed.make()
        for reading in readings { feed.publish(reading) }
        feed.finish()
        return stream
    }
}

/// Collects up to `count` statuses from `stream`, or fewer if `timeout` passes first (a timeout
/// is a failure guard, not a synchronisation: the waiting is on the stream).
func firstStatuses(
    _ count: Int, of stream: AsyncStream<NetworkStatus>, within timeout: Duration = .seconds(20),
    after step: @escaping @Sendable (Int) async throws -> Void = { _ in }
) async throws -> [NetworkStatus] {
    try await withThrowingTaskGroup(of: [NetworkStatus]?.self) { group in
        group.addTask {
            var seen: [NetworkStatus] = []
            for await status in stream {
                seen.append(status)
                if seen.count == count { break }
                try await step(seen.count)
            }
            return seen
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        return first ?? []
    }
}
