/// Optimal string alignment distance (Levenshtein plus adjacent transpositions): "HUO" is one
/// edit from "HOU". Used to suggest what the user probably meant.
public enum EditDistance {
    public static func between(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { best = min(best, previous2[j - 2] + 1) }
                current[j] = best
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[y.count]
    }

    /// Whether `candidate` is close enough to `input` to suggest: at most a third of the
    /// input's length in edits (minimum one), or `input` is a prefix of it.
    public static func isPlausible(_ input: String, _ candidate: String) -> Bool {
        if candidate.hasPrefix(input) && input.count >= 3 { return true }
        return between(input, candidate) <= max(1, input.count / 3)
    }
}
