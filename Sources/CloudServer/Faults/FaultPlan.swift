import CloudKitWeb

/// What to break, as posted to `/_admin/faults` or given as `serve` flags:
/// `{"errorRate", "errorCode", "retryAfter", "throttleEvery", "latencyMs", "truncateRate",
/// "dropRate", "clockOffsetMs", "indexLagMs", "operations", "seed"}`. Missing keys mean "no fault".
public struct FaultPlan: Sendable, Hashable {
    /// Share of matching requests answered with `errorCode` instead of being served (0…1).
    public var errorRate: Double = 0
    public var errorCode: ServerErrorCode = .tryAgainLater
    /// Seconds, sent with injected errors and throttles.
    public var retryAfter: Double?
    /// Every Nth matching request is answered `THROTTLED` (0: never).
    public var throttleEvery: Int = 0
    /// Added before answering each matching request.
    public var latencyMs: Int = 0
    /// Share of served requests whose body is cut in half (0…1).
    public var truncateRate: Double = 0
    /// Share of served requests whose connection is closed mid-response (0…1).
    public var dropRate: Double = 0
    /// Added to the server clock for new modification timestamps.
    public var clockOffsetMs: Int64 = 0
    /// Records modified in the last N ms are not yet visible to queries.
    public var indexLagMs: Int64 = 0
    /// Operations affected (`records/query`, …); empty: all database operations.
    public var operations: [String] = []
    /// Makes the random choices repeatable.
    public var seed: UInt64?

    public init() {}

    public static let none = FaultPlan()

    /// Whether a database operation is subject to this plan.
    public func applies(to operation: String) -> Bool { operations.isEmpty || operations.contains(operation) }

    /// Checks ranges; answers a reason for the first bad value.
    public func validationProblem() -> String? {
        for (name, rate) in [("errorRate", errorRate), ("truncateRate", truncateRate), ("dropRate", dropRate)]
        where !(0...1).contains(rate) {
            return "\(name) must be between 0 and 1"
        }
        if throttleEvery < 0 { return "throttleEvery must be 0 or more" }
        if latencyMs < 0 || latencyMs > 60_000 { return "latencyMs must be between 0 and 60000" }
        if indexLagMs < 0 { return "indexLagMs must be 0 or more" }
        if let r = retryAfter, !(r.isFinite && r >= 0) { return "retryAfter must be a number of seconds" }
        if let unknown = operations.first(where: { CloudOperation(rawValue: $0) == nil }) {
            return "unknown operation \(unknown) in operations"
        }
        return nil
    }
}

extension FaultPlan: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case errorRate, errorCode, retryAfter, throttleEvery, latencyMs, truncateRate, dropRate, clockOffsetMs
        case indexLagMs, operations, seed
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = all.allKeys.first(where: { CodingKeys(stringValue: $0.stringValue) == nil }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: all, debugDescription: "unknown fault setting \(unknown.stringValue)")
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        errorRate = try c.decodeIfPresent(Double.self, forKey: .errorRate) ?? 0
        errorCode = try c.decodeIfPresent(ServerErrorCode.self, forKey: .errorCode) ?? .tryAgainLater
        retryAfter = try c.decodeIfPresent(Double.self, forKey: .retryAfter)
        throttleEvery = try c.decodeIfPresent(Int.self, forKey: .throttleEvery) ?? 0
        latencyMs = try c.decodeIfPresent(Int.self, forKey: .latencyMs) ?? 0
        truncateRate = try c.decodeIfPresent(Double.self, forKey: .truncateRate) ?? 0
        dropRate = try c.decodeIfPresent(Double.self, forKey: .dropRate) ?? 0
        clockOffsetMs = try c.decodeIfPresent(Int64.self, forKey: .clockOffsetMs) ?? 0
        indexLagMs = try c.decodeIfPresent(Int64.self, forKey: .indexLagMs) ?? 0
        operations = try c.decodeIfPresent([String].self, forKey: .operations) ?? []
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(errorRate, forKey: .errorRate)
        try c.encode(errorCode, forKey: .errorCode)
        try c.encodeIfPresent(retryAfter, forKey: .retryAfter)
        try c.encode(throttleEvery, forKey: .throttleEvery)
        try c.encode(latencyMs, forKey: .latencyMs)
        try c.encode(truncateRate, forKey: .truncateRate)
        try c.encode(dropRate, forKey: .dropRate)
        try c.encode(clockOffsetMs, forKey: .clockOffsetMs)
        try c.encode(indexLagMs, forKey: .indexLagMs)
        try c.encode(operations, forKey: .operations)
        try c.encodeIfPresent(seed, forKey: .seed)
    }
}
