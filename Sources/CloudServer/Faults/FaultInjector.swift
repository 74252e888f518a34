import CloudKitWeb
import Foundation
import SeededRandom

/// What the injector decided for one request.
struct FaultDecision {
    var latencyMs = 0
    /// Answer this instead of serving the request.
    var error: ServiceError?
    var truncate = false
    var drop = false
}

/// How many faults fired since the plan was set (shown by `GET /_admin/faults`).
public struct FaultCounts: Sendable, Hashable, Codable {
    public var matched = 0
    public var errors = 0
    public var throttled = 0
    public var truncated = 0
    public var dropped = 0
    public var delayed = 0
}

/// Applies the current `FaultPlan` to requests. Thread-safe; the random choices come from a
/// seedable generator so a chaos run can be repeated.
/// `@unchecked Sendable`: every mutable field is read and written only under `lock`.
final class FaultInjector: @unchecked Sendable {
    private let lock = NSLock()
    private var plan: FaultPlan
    private var counts = FaultCounts()
    private var random: SplitMix64

    init(_ plan: FaultPlan) {
        self.plan = plan
        random = SplitMix64(seed: plan.seed ?? UInt64.random(in: 0...UInt64.max))
    }

    var current: (plan: FaultPlan, counts: FaultCounts) {
        lock.withLock { (plan, counts) }
    }

    func set(_ newPlan: FaultPlan) {
        lock.withLock {
            plan = newPlan
            counts = FaultCounts()
            random = SplitMix64(seed: newPlan.seed ?? UInt64.random(in: 0...UInt64.max))
        }
    }

    var clockOffsetMs: Int64 { lock.withLock { plan.clockOffsetMs } }
    var indexLagMs: Int64 { lock.withLock { plan.indexLagMs } }

    func decide(operation: String) -> FaultDecision {
        lock.withLock {
            var decision = FaultDecision()
            guard plan.applies(to: operation) else { return decision }
            counts.matched += 1
            if plan.latencyMs > 0 {
                decision.latencyMs = plan.latencyMs
                counts.delayed += 1
            }
            if plan.throttleEvery > 0, counts.matched % plan.throttleEvery == 0 {
                counts.throttled += 1
                decision.error = ServiceError(
                    .throttled, "throttled by fault injection (every \(plan.throttleEvery) requests)",
                    retryAfter: plan.retryAfter ?? 1)
                return decision
            }
            if plan.errorRate > 0, random.nextUnit() < plan.errorRate {
                counts.errors += 1
                let transient = plan.errorCode == .throttled || plan.errorCode == .tryAgainLater
                decision.error = ServiceError(
                    plan.errorCode, "\(plan.errorCode.rawValue) injected by fault plan",
                    retryAfter: transient ? plan.retryAfter : nil)
                return decision
            }
            if plan.dropRate > 0, random.nextUnit() < plan.dropRate {
                counts.dropped += 1
                decision.drop = true
            } else if plan.truncateRate > 0, random.nextUnit() < plan.truncateRate {
                counts.truncated += 1
                decision.truncate = true
            }
            return decision
        }
    }
}

extension SplitMix64 {
    /// Uniform in 0..<1.
    mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
