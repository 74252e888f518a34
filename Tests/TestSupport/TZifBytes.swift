/// A minimal TZif (version 2) file with one standard-time type, no transitions and a POSIX
/// footer rule: a zone whose every change comes from `footer` — how tests stand in for a
/// tz database update (a rule the system's ICU has never seen).
public func tzifBytes(abbreviation: String, offset: Int32, footer: String) -> [UInt8] {
    let name = Array(abbreviation.utf8) + [0]
    let counts: [UInt32] = [0, 0, 0, 0, 1, UInt32(name.count)]  // isut, isstd, leap, time, type, char
    var block: [UInt8] = []
    for c in counts { block += withUnsafeBytes(of: c.bigEndian, Array.init) }
    block += withUnsafeBytes(of: offset.bigEndian, Array.init) + [0, 0] + name
    let header = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
    return header + block + header + block + Array("\n\(footer)\n".utf8)
}
