import Testing
import TripsModel
import TripsStore

@testable import SyncHealth

/// Every summary case, in the order they are checked, and what `isBroken` makes of each (DESIGN §7).
@Suite struct SyncHealthTests {
    static let now: Int64 = 1_700_000_000_000
    static let minute: Int64 = 60_000
    static let hour: Int64 = 3_600_000

    /// A concluded log entry of `kind` that ended `agoMs` before now (ids rise with time).
    static func event(_ id: Int64, _ state: SyncEvent.State, endedAgo agoMs: Int64, error: String? = nil) -> SyncEvent {
        event(id, .import, state, endedAgo: agoMs, error: error)
    }

    static func event(
        _ id: Int64, _ kind: SyncEvent.Kind, _ state: SyncEvent.State, endedAgo agoMs: Int64, error: String? = nil
    ) -> SyncEvent {
        let ended = now - agoMs
        return SyncEvent(
            id: id, kind: kind, state: state, startedMs: ended - 2_000, endedMs: state == .inProgress ? nil : ended,
            error: error)
    }

    static func health(
        _ events: [SyncEvent], network: NetworkStatus = .online, account: UserDataAccount = .notUsed,
        states: [SyncTypeState] = [], watchIntervalMs: Int64? = nil, syncRunning: Bool = false
    ) -> SyncHealth {
        SyncHealth(
            SyncObservation(
                states: states, events: events, network: network, account: account, watchIntervalMs: watchIntervalMs,
                syncRunning: syncRunning, nowMs: now))
    }

    static let refused = "Team: the cloud rejects the API token"

    // MARK: noNetwork

    @Test func aKnownDownNetworkComesFirstAndItsErrorsAreNotBroken() {
        let health = Self.health(
            [Self.event(1, .failed, endedAgo: Self.minute, error: "connection refused")], network: .offline)
        #expect(health.summary == .noNetwork)
        #expect(!health.isBroken)
        #expect(health.kind(.import).isFailing)
    }

    @Test func aKnownDownNetworkIsNotStaleEither() {
        let health = Self.health([Self.event(1, .succeeded, endedAgo: 48 * Self.hour)], network: .offline)
        #expect(health.summary == .noNetwork)
        #expect(!health.isStale)
        #expect(!health.isBroken)
    }

    // MARK: accountNotAvailable

    @Test func userDataWithoutAUserTokenIsReportedButNotBroken() {
        let health = Self.health([Self.event(1, .succeeded, endedAgo: Self.minute)], account: .notAvailable)
        #expect(health.summary == .accountNotAvailable)
        #expect(!health.isBroken)
    }

    @Test func aMissingAccountDoesNotHideAFailingPullFromCheck() {
        let health = Self.health(
            [Self.event(1, .failed, endedAgo: Self.minute, error: Self.refused)], account: .notAvailable)
        #expect(health.summary == .accountNotAvailable)
        #expect(health.isBroken)
    }

    // MARK: error

    @Test func aFailedPullIsAnErrorWithItsMessageAndHowLongItHasFailed() {
        let health = Self.health([
            Self.event(1, .succeeded, endedAgo: 4 * Self.hour),
            Self.event(2, .failed, endedAgo: 3 * Self.hour, error: "first"),
            Self.event(3, .cancelled, endedAgo: 2 * Self.hour),
            Self.event(4, .failed, endedAgo: Self.hour, error: Self.refused),
        ])
        #expect(health.summary == .error)
        #expect(health.isBroken)
        #expect(health.error == Self.refused)
        #expect(health.failingFor == .milliseconds(3 * Self.hour))
        #expect(health.sinceLastSuccess == .milliseconds(4 * Self.hour))
    }

    @Test func anErrorStaysWhileARetryIsRunning() {
        let retry = SyncEvent(id: 2, kind: .import, state: .inProgress, startedMs: Self.now - 1_000)
        let health = Self.health(
            [Self.event(1, .failed, endedAgo: Self.minute, error: Self.refused), retry], syncRunning: true)
        #expect(health.kind(.import).activity == .inProgress(startedMs: Self.now - 1_000))
        #expect(health.summary == .error)
    }

    @Test func aSuccessEndsTheError() {
        let health = Self.health([
            Self.event(1, .failed, endedAgo: 2 * Self.minute, error: Self.refused),
            Self.event(2, .succeeded, endedAgo: Self.minute),
        ])
        #expect(health.summary == .succeeded)
        #expect(health.error == nil)
        #expect(!health.isBroken)
    }

    @Test func aRunLeftInProgressWithoutALockHolderWasInterrupted() {
        let dead = SyncEvent(id: 1, kind: .import, state: .inProgress, startedMs: Self.now - Self.minute)
        let health = Self.health([dead], syncRunning: false)
        #expect(health.summary == .error)
        #expect(health.error == SyncEvent.interruptedError)
        #expect(
            health.kind(.import).activity
                == .failed(startedMs: Self.now - Self.minute, endedMs: nil, error: SyncEvent.interruptedError))
    }

    @Test func aFailedSetupIsAnErrorToo() {
        let health = Self.health([Self.event(1, .setup, .failed, endedAgo: Self.minute, error: "no such container")])
        #expect(health.summary == .error)
        #expect(health.error == "no such container")
    }

    @Test func aRecordTypeStillFailingIsAnErrorBetweenPulls() {
        var games = SyncTypeState(recordType: .game)
        games.consecutiveFailures = 2
        games.lastError = "BAD_REQUEST"
        let log = [Self.event(1, .succeeded, endedAgo: Self.minute)]

        let idle = Self.health(log, states: [games])
        #expect(idle.summary == .error)
        #expect(idle.error == "Game: BAD_REQUEST")

        let running = Self.health(
            log + [SyncEvent(id: 2, kind: .import, state: .inProgress, startedMs: Self.now)], states: [games],
            syncRunning: true)
        #expect(running.summary == .inProgress)
    }

    // MARK: notSyncing

    @Test func noSuccessForADayWithoutAWatcherIsNotSyncing() {
        let stale = Self.health([Self.event(1, .succeeded, endedAgo: 25 * Self.hour)])
        #expect(stale.summary == .notSyncing)
        #expect(stale.isBroken)
        #expect(stale.staleAfterMs == 24 * Self.hour)

        let fresh = Self.health([Self.event(1, .succeeded, endedAgo: 23 * Self.hour)])
        #expect(fresh.summary == .succeeded)
    }

    @Test func aWatcherMakesTwoIntervalsTheThreshold() {
        let interval: Int64 = 30_000
        let missed = Self.health([Self.event(1, .succeeded, endedAgo: 61_000)], watchIntervalMs: interval)
        #expect(missed.summary == .notSyncing)
        #expect(missed.isBroken)

        let onTime = Self.health([Self.event(1, .succeeded, endedAgo: 59_000)], watchIntervalMs: interval)
        #expect(onTime.summary == .succeeded)
    }

    @Test func anUnknownNetworkDoesNotExcuseStaleness() {
        let health = Self.health([Self.event(1, .succeeded, endedAgo: 25 * Self.hour)], network: .unknown)
        #expect(health.summary == .notSyncing)
    }

    @Test func runsThatNeverSucceedCountFromTheFirstRun() {
        let health = Self.health([
            Self.event(1, .cancelled, endedAgo: 30 * Self.hour), Self.event(2, .cancelled, endedAgo: Self.minute),
        ])
        #expect(health.summary == .notSyncing)
    }

    @Test func aLongRunningPullIsStaleOnlyWhenItStartedBeforeTheThreshold() {
        let old = Self.event(1, .succeeded, endedAgo: 2 * Self.minute)
        let recent = SyncEvent(id: 2, kind: .import, state: .inProgress, startedMs: Self.now - 50_000)
        #expect(Self.health([old, recent], watchIntervalMs: 30_000, syncRunning: true).summary == .inProgress)

        let hung = SyncEvent(id: 2, kind: .import, state: .inProgress, startedMs: Self.now - 70_000)
        #expect(Self.health([old, hung], watchIntervalMs: 30_000, syncRunning: true).summary == .notSyncing)
    }

    // MARK: notStarted, inProgress, succeeded, unknown

    @Test func aStoreThatNeverSyncedHasNotStarted() {
        let health = Self.health([])
        #expect(health.summary == .notStarted)
        #expect(!health.isBroken)
        #expect(health.kinds.map(\.activity) == [.notStarted, .notStarted, .notStarted])
        #expect(health.kinds.allSatisfy { $0.age == nil })
    }

    @Test func theFirstSyncRunningIsInProgress() {
        let first = SyncEvent(id: 1, kind: .import, state: .inProgress, startedMs: Self.now - 5_000)
        let health = Self.health([first], syncRunning: true)
        #expect(health.summary == .inProgress)
        #expect(health.kind(.import).age == .seconds(5))
        #expect(!health.isBroken)
    }

    @Test func aCancelledRunAfterASuccessStillReadsSucceeded() {
        let health = Self.health([
            Self.event(1, .setup, .succeeded, endedAgo: 3 * Self.minute),
            Self.event(2, .succeeded, endedAgo: 2 * Self.minute),
            Self.event(3, .cancelled, endedAgo: Self.minute),
        ])
        #expect(health.summary == .succeeded)
        #expect(
            health.kind(.import).activity
                == .cancelled(startedMs: Self.now - Self.minute - 2_000, endedMs: Self.now - Self.minute))
        #expect(health.lastSuccessMs == Self.now - 2 * Self.minute)
    }

    @Test func onlyCancelledRunsLeaveTheHealthUnknown() {
        let health = Self.health([Self.event(1, .cancelled, endedAgo: Self.minute)])
        #expect(health.summary == .unknown)
        #expect(!health.isBroken)
    }

    // MARK: Details

    @Test func eachKindHasItsLatestStateAndAge() {
        let health = Self.health([
            Self.event(1, .setup, .succeeded, endedAgo: Self.hour),
            Self.event(2, .import, .succeeded, endedAgo: 2 * Self.minute),
            Self.event(3, .export, .failed, endedAgo: Self.minute, error: "CONFLICT"),
        ])
        #expect(health.kinds.map(\.kind) == [.setup, .import, .export])
        #expect(health.kind(.setup).age == .milliseconds(Self.hour))
        #expect(health.kind(.import).age == .milliseconds(2 * Self.minute))
        #expect(health.kind(.export).isFailing)
        #expect(health.summary == .error)
        #expect(health.error == "CONFLICT")
    }

    @Test func recordTypesCarryTheirAgesFailuresAndCounts() {
        let team = SyncTypeState(
            recordType: .team, watermarkMs: Self.now - Self.hour, lastSuccessMs: Self.now - Self.minute,
            consecutiveFailures: 0)
        let health = SyncHealth(
            SyncObservation(states: [team], liveRecords: [.team: 30, .game: 2_430], nowMs: Self.now))
        #expect(health.recordTypes.map(\.recordType) == RecordType.syncOrder)
        let teams = health.recordTypes.first { $0.recordType == .team }
        #expect(teams?.watermarkAge == .milliseconds(Self.hour))
        #expect(teams?.sinceLastSuccess == .milliseconds(Self.minute))
        #expect(teams?.liveRecords == 30)
        #expect(health.recordTypes.first { $0.recordType == .sport }?.state == SyncTypeState(recordType: .sport))
        #expect(health.records == 2_460)
    }

    @Test func theThresholdIsTwoWatchIntervalsOrADay() {
        #expect(SyncHealth.staleAfterMs(watchIntervalMs: 30_000) == 60_000)
        #expect(SyncHealth.staleAfterMs(watchIntervalMs: nil) == 24 * Self.hour)
    }
}
