import SeededRandom

/// SplitMix64 (`SeededRandom`): random test instances are reproducible. Shared by every test
/// target that draws random cases (planner instances, kill points, write victims), so a failure
/// can be replayed with the seed it prints (`TestSeed`).
public typealias SeededGenerator = SplitMix64
