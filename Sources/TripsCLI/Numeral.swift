import Glibc

/// Numbers as text the way `String(format:)`'s `%02d` and `%.1f` print them, without Foundation:
/// the C library formats the digits, so the rounding is printf's own. Here because only what the
/// command lines print uses it (the renderers, `trips-sync`'s page log).
public enum Numeral {
    /// `n` with at least `width` digits, zero-padded (`%0*d`): 7 → "07", -5 → "-05" at width 3.
    public static func padded(_ n: Int, width: Int = 2) -> String {
        let digits = String(n.magnitude)
        let sign = n < 0 ? "-" : ""
        let pad = max(0, width - sign.count - digits.count)
        return sign + String(repeating: "0", count: pad) + digits
    }

    /// `value` with `digits` decimals (`%.*f`): `fixed(2.25, digits: 1)` → "2.2", as printf rounds.
    public static func fixed(_ value: Double, digits: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = withVaList([Int32(digits), value]) { arguments in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, "%.*f", arguments) }
        }
        if count >= 0, Int(count) < buffer.count {
            return String(decoding: buffer[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        var large = [CChar](repeating: 0, count: Int(count) + 1)
        _ = withVaList([Int32(digits), value]) { arguments in
            large.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, "%.*f", arguments) }
        }
        return String(decoding: large.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
