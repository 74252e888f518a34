import Synchronization
import TripsSync

/// A `WatchClock` the test moves by hand: sleepers wake only when `advance` passes their
/// deadline, and `sleeper(at:)` waits until the watcher has gone to sleep until a given time —
/// the synchronisation point of the watcher tests (no real time passes).
final class VirtualWatchClock: WatchClock {
    private struct Sleeper {
        var deadline: Int64
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var nowMs: Int64 = 0
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        var waiters: [(deadline: Int64, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    var nowMs: Int64 { state.withLock { $0.nowMs } }

    func sleep(untilMs deadline: Int64) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Now { case sleep, wake, cancel }
                var woken: [CheckedContinuation<Void, Never>] = []
                let now = state.withLock { state -> Now in
                    if Task.isCancelled { return .cancel }
                    if state.nowMs >= deadline { return .wake }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    woken = state.waiters.filter { $0.deadline == deadline }.map(\.continuation)
                    state.waiters.removeAll { $0.deadline == deadline }
                    return .sleep
                }
                switch now {
                case .cancel: continuation.resume(throwing: CancellationError())
                case .wake: continuation.resume()
                case .sleep: for waiter in woken { waiter.resume() }
                }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once something sleeps until exactly `deadline`.
    func sleeper(at deadline: Int64) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let asleep = state.withLock { state in
                if state.sleepers.values.contains(where: { $0.deadline == deadline }) { return true }
                state.waiters.append((deadline, continuation))
                return false
            }
            if asleep { continuation.resume() }
        }
    }

    /// Sets the time (forward only) and wakes every sleeper whose deadline has come.
    func advance(to ms: Int64) {
        let due = state.withLock { state -> [Sleeper] in
            state.nowMs = max(state.nowMs, ms)
            let due = state.sleepers.filter { $0.value.deadline <= state.nowMs }
            for id in due.keys { state.sleepers.removeValue(forKey: id) }
            return Array(due.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
