import SyncHealth
import Testing
import TripsSync

/// The watcher's timing rules, on made-up times (milliseconds).
@Suite struct WatchScheduleTests {
    let policy = WatchSchedule.Policy(intervalMs: 30_000)

    @Test func syncsAtStartThenEveryIntervalAfterASuccess() {
        var schedule = WatchSchedule(policy: policy, startMs: 1000)
        #expect(schedule.due(atMs: 1000) == .start)
        schedule.finished(.succeeded, atMs: 1400, random: 0.5)
        #expect(schedule.due(atMs: 31_399) == nil)
        #expect(schedule.due(atMs: 31_400) == .interval)
        #expect(schedule.wakeMs == 31_400)
    }

    @Test func theNetworkComingBackSyncsAfterTheDebounceAndAFlapRestartsIt() {
        var schedule = WatchSchedule(policy: policy, startMs: 0)
        schedule.networkChanged(to: .online, atMs: 0)
        schedule.finished(.succeeded, atMs: 100, random: 0)
        schedule.networkChanged(to: .offline, atMs: 5000)
        #expect(schedule.wakeMs == nil, "nothing is due while offline")
        #expect(schedule.due(atMs: 40_000) == nil, "not even the interval")
        // Ten flaps within two seconds: each "online" restarts the 2.5 s wait.
        var t: Int64 = 50_000
        for _ in 0..<10 {
            let restarted = schedule.networkChanged(to: .online, atMs: t)
            #expect(restarted)
            schedule.networkChanged(to: .offline, atMs: t + 100)
            #expect(schedule.due(atMs: t + 2600) == nil, "a drop during the debounce cancels it")
            t += 200
        }
        schedule.networkChanged(to: .online, atMs: t)
        #expect(schedule.due(atMs: t + 2499) == nil)
        #expect(schedule.due(atMs: t + 2500) == .network)
        schedule.finished(.succeeded, atMs: t + 2600, random: 0)
        #expect(schedule.due(atMs: t + 2700) == nil, "one sync for all the flaps")
        #expect(schedule.wakeMs == t + 2600 + 30_000)
    }

    @Test func theDebounceReplacesAnIntervalThatFellDueWhileOffline() {
        var schedule = WatchSchedule(policy: policy, startMs: 0)
        schedule.networkChanged(to: .online, atMs: 0)
        schedule.finished(.succeeded, atMs: 0, random: 0)
        schedule.networkChanged(to: .offline, atMs: 1000)
        schedule.networkChanged(to: .online, atMs: 100_000)
        #expect(schedule.due(atMs: 100_000) == nil, "the overdue interval waits for the debounce")
        #expect(schedule.due(atMs: 102_500) == .network)
    }

    @Test func onlineFromUnknownIsNotARestoration() {
        var schedule = WatchSchedule(policy: policy, startMs: 0)
        let restarted = schedule.networkChanged(to: .online, atMs: 10)
        #expect(!restarted)
        #expect(schedule.due(atMs: 10) == .start)
    }

    @Test func temporaryFailuresBackOffExponentiallyWithJitterCappedAtTheInterval() {
        var schedule = WatchSchedule(policy: WatchSchedule.Policy(intervalMs: 20_000, firstBackoffMs: 1000), startMs: 0)
        var now: Int64 = 0
        var waits: [Int64] = []
        for random in [0.0, 1.0, 0.0, 0.5, 0.0, 1.0] {
            schedule.finished(.failed(temporary: true, retryAfterMs: nil), atMs: now, random: random)
            let wake = schedule.wakeMs ?? -1
            #expect(schedule.due(atMs: wake) == .retry)
            waits.append(wake - now)
            now = wake
        }
        // Ceilings 1, 2, 4, 8, 16, 20 s (capped); the wait is half to all of the ceiling.
        #expect(waits == [500, 2000, 2000, 6000, 8000, 20_000])
        schedule.finished(.succeeded, atMs: now, random: 0)
        #expect(schedule.failures == 0)
        schedule.finished(.failed(temporary: true, retryAfterMs: nil), atMs: now, random: 0)
        #expect(schedule.wakeMs == now + 500, "a success resets the backoff")
    }

    @Test func aLastingFailureWaitsAWholeInterval() {
        var schedule = WatchSchedule(policy: policy, startMs: 0)
        schedule.finished(.failed(temporary: false, retryAfterMs: nil), atMs: 100, random: 0)
        #expect(schedule.wakeMs == 30_100)
        #expect(schedule.due(atMs: 30_100) == .retry)
    }

    /// One throttle answer asking a day's wait holds a watcher back an hour at most (issue 37).
    @Test func aHugeRetryAfterIsTakenAsAnHourAtMost() {
        var schedule = WatchSchedule(policy: policy, startMs: 0)
        schedule.finished(.failed(temporary: true, retryAfterMs: 86_400_000), atMs: 1000, random: 0)
        #expect(schedule.notBeforeMs == 1000 + WatchSchedule.longestRetryAfterMs)
        #expect(WatchSchedule.longestRetryAfterMs < 86_400_000)
    }

    @Test func theCloudsRetryAfterHoldsBackEveryTriggerUntilASuccess() {
        var schedule = WatchSchedule(policy: policy, startMs: 0)
        schedule.networkChanged(to: .online, atMs: 0)
        schedule.finished(.failed(temporary: true, retryAfterMs: 120_000), atMs: 1000, random: 0)
        #expect(schedule.notBeforeMs == 121_000)
        schedule.networkChanged(to: .offline, atMs: 2000)
        schedule.networkChanged(to: .online, atMs: 3000)
        #expect(schedule.due(atMs: 5500) == nil, "not even the network's return")
        #expect(schedule.due(atMs: 121_000) == .network)
        schedule.finished(.succeeded, atMs: 121_500, random: 0)
        #expect(schedule.notBeforeMs == nil)
    }

    @Test func aStoredNotBeforeFromAnEarlierWatcherDelaysTheStartOnlyIfStillAhead() {
        let waiting = WatchSchedule(policy: policy, startMs: 1000, notBeforeMs: 61_000)
        #expect(waiting.due(atMs: 1000) == nil)
        #expect(waiting.due(atMs: 61_000) == .start)
        let over = WatchSchedule(policy: policy, startMs: 1000, notBeforeMs: 500)
        #expect(over.notBeforeMs == nil)
        #expect(over.due(atMs: 1000) == .start)
    }
}
