import TripsModel

extension ZoneInfo {
    /// Parses TZif bytes (RFC 8536, the files of the system tz database; version 1, 2 or 3, the
    /// 64-bit block used when present) into a zone's rules; nil when they are not TZif.
    public init?(identifier: String, tzif bytes: [UInt8]) {
        func u32(_ i: Int) -> Int {
            Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        }
        func i32(_ i: Int) -> Int64 { Int64(Int32(bitPattern: UInt32(u32(i)))) }
        func i64(_ i: Int) -> Int64 {
            var v: UInt64 = 0
            for k in 0..<8 { v = v << 8 | UInt64(bytes[i + k]) }
            return Int64(bitPattern: v)
        }
        guard bytes.count >= 44, bytes[0] == 0x54, bytes[1] == 0x5A, bytes[2] == 0x69, bytes[3] == 0x66 else {
            return nil
        }
        let version = bytes[4]
        var offset = 0
        var timeSize = 4
        func counts(_ at: Int) -> (isut: Int, isstd: Int, leap: Int, time: Int, type: Int, char: Int) {
            (u32(at + 20), u32(at + 24), u32(at + 28), u32(at + 32), u32(at + 36), u32(at + 40))
        }
        var c = counts(0)
        if version >= 0x32 {  // '2' or later: skip the 32-bit block.
            let v1Size = c.time * 5 + c.type * 6 + c.char + c.leap * 8 + c.isstd + c.isut
            offset = 44 + v1Size
            guard bytes.count >= offset + 44 else { return nil }
            c = counts(offset)
            timeSize = 8
        }
        var p = offset + 44
        let needed = c.time * timeSize + c.time + c.type * 6 + c.char + c.leap * (timeSize + 4) + c.isstd + c.isut
        guard c.type > 0, bytes.count >= p + needed else { return nil }
        var transitions: [Int64] = []
        transitions.reserveCapacity(c.time)
        for i in 0..<c.time { transitions.append(timeSize == 8 ? i64(p + i * 8) : i32(p + i * 4)) }
        p += c.time * timeSize
        let transitionTypes = (0..<c.time).map { Int(bytes[p + $0]) }
        p += c.time
        var rawTypes: [(Int, Bool, Int)] = []
        for i in 0..<c.type {
            let base = p + i * 6
            rawTypes.append((Int(i32(base)), bytes[base + 4] != 0, Int(bytes[base + 5])))
        }
        p += c.type * 6
        let chars = Array(bytes[p..<p + c.char])
        p += c.char + c.leap * (timeSize + 4) + c.isstd + c.isut
        let types = rawTypes.map { (offset, isDST, index) -> Period in
            var end = index
            while end < chars.count, chars[end] != 0 { end += 1 }
            let name = index < chars.count ? String(decoding: chars[index..<end], as: UTF8.self) : ""
            return Period(offset: offset, isDST: isDST, abbreviation: name)
        }
        // The footer (version 2 on): the POSIX TZ rule for instants after the last transition.
        var rule: String?
        if timeSize == 8, p < bytes.count, bytes[p] == 0x0A,
            let end = bytes[(p + 1)...].firstIndex(of: 0x0A), end > p + 1
        {
            rule = String(decoding: bytes[(p + 1)..<end], as: UTF8.self)
        }
        self.init(
            identifier: identifier, transitions: transitions, transitionPeriods: transitionTypes, periods: types,
            rule: rule)
    }
}
