/// Numbers no reader should take at face value, and where the numbers of a JSON text are, so a
/// test can swap real ones for these (issue 37 item 6: every number from outside is checked
/// where it enters).
public enum HostileNumbers {
    public static let values = [
        "1e17", "1e300", "-0", "1e-300", "-1e300", "NaN", "9007199254740993", "-5", "0.5", "1e9",
        "-9223372036854775809",
    ]

    /// The ranges of the number tokens of a JSON text (outside its strings).
    public static func tokens(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                index += 1
            } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                let start = index
                while index < bytes.count, "0123456789+-.eE".utf8.contains(bytes[index]) { index += 1 }
                ranges.append(start..<index)
            } else {
                index += 1
            }
        }
        return ranges
    }

    /// `bytes` with `count` of its numbers (drawn from `tokens`) swapped for hostile values, and
    /// what was swapped ("12→1e300"), for the failure message.
    public static func swapped(
        _ bytes: [UInt8], tokens: [Range<Int>], count: Int, using generator: inout some RandomNumberGenerator
    ) -> (bytes: [UInt8], swaps: String) {
        var bytes = bytes
        let picked = Set((0..<count).map { _ in Int.random(in: 0..<tokens.count, using: &generator) })
        var swaps: [String] = []
        for range in picked.map({ tokens[$0] }).sorted(by: { $0.lowerBound > $1.lowerBound }) {
            let value = values[Int.random(in: 0..<values.count, using: &generator)]
            swaps.append("\(String(decoding: bytes[range], as: UTF8.self))→\(value)")
            bytes.replaceSubrange(range, with: Array(value.utf8))
        }
        return (bytes, swaps.joined(separator: ", "))
    }
}
