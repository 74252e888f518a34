import Foundation

/// The seeds randomised tests run with, so that every failure can be replayed:
/// `TRIPS_TEST_SEED=N swift test --filter …` runs the failing case again with seed N.
public enum TestSeed {
    /// `TRIPS_TEST_SEED` (decimal or 0x-hexadecimal), when set.
    public static var replay: UInt64? {
        guard let text = ProcessInfo.processInfo.environment["TRIPS_TEST_SEED"], !text.isEmpty else { return nil }
        if text.lowercased().hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }

    /// The seed of a test that draws one random sequence: `TRIPS_TEST_SEED` when set, else a new
    /// one each run (so runs explore different cases). Printed either way, with how to replay it.
    public static func draw(_ test: String = #function) -> UInt64 {
        let seed = replay ?? UInt64.random(in: 0...UInt64.max)
        print("\(test): seed \(seed) (replay: TRIPS_TEST_SEED=\(seed))")
        return seed
    }

    /// The seeds of a test that loops over fixed seeds: only `TRIPS_TEST_SEED` when set (to
    /// replay the one a failure named), else the first `short` of `range`, or all of it with
    /// `TRIPS_TEST_LONG=1`. Failure messages name the seed.
    public static func cases<Seed: FixedWidthInteger>(_ range: Range<Seed>, short: Int) -> [Seed] {
        if let replay { return [Seed(truncatingIfNeeded: replay)] }
        return Array(TestSize.isLong ? range : range.prefix(short))
    }

    /// A loop's "at least this many interesting cases" guard, written for `fullCount` seeds,
    /// scaled (rounded up) to the seeds that ran; none when one seed is replayed.
    public static func scaled(_ atFullSize: Int, of fullCount: Int, ran: Int) -> Int {
        guard replay == nil else { return 0 }
        return (atFullSize * ran + fullCount - 1) / fullCount
    }
}

/// How big the randomised tests run: small by default (`make test`, CI), full with
/// `TRIPS_TEST_LONG=1` (`make test-long`).
public enum TestSize {
    public static var isLong: Bool { ProcessInfo.processInfo.environment["TRIPS_TEST_LONG"] == "1" }

    public static func pick<Value>(short: Value, long: Value) -> Value { isLong ? long : short }
}
