/// A set of stadium indexes as a fixed 512-bit bitmap, so dominance labels copy without
/// allocating. Plans with more stadiums than `capacity` skip dominance pruning (still exact).
struct StadiumSet: Sendable {
    static let capacity = 512
    private var words = InlineArray<8, UInt64>(repeating: 0)

    init() {}

    mutating func insert(_ s: Int) { words[s >> 6] |= 1 << UInt64(s & 63) }
    mutating func remove(_ s: Int) { words[s >> 6] &= ~(1 << UInt64(s & 63)) }

    func contains(_ s: Int) -> Bool { words[s >> 6] & (1 << UInt64(s & 63)) != 0 }

    func isSuperset(of other: StadiumSet) -> Bool {
        for i in 0..<8 where other.words[i] & ~words[i] != 0 { return false }
        return true
    }

    func isEqual(to other: StadiumSet) -> Bool {
        for i in 0..<8 where other.words[i] != words[i] { return false }
        return true
    }
}
