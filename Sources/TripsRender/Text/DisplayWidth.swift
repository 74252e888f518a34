/// Columns text takes on a terminal, which is what a table aligns and fits: a character is one
/// column, East Asian wide and full-width ones and most emoji two, combining marks none —
/// not its bytes ("—" is three) nor, for wide scripts, its characters.
extension String {
    public var displayWidth: Int {
        // Most names are ASCII: a byte a column, found without decoding.
        let ascii = utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } }
        if ascii ?? false { return utf8.count }
        return unicodeScalars.reduce(0) { $0 + Self.columns($1) }
    }

    /// At most `width` columns of this text: cut short with "…" when longer.
    public func truncated(toColumns width: Int) -> String {
        guard displayWidth > width else { return self }
        var kept = ""
        var used = 0
        for character in self {
            let columns = character.unicodeScalars.reduce(0) { $0 + Self.columns($1) }
            if used + columns > width - 1 { break }
            kept.append(character)
            used += columns
        }
        return kept + "…"
    }

    fileprivate static func columns(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: 0
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            2
        default: 1
        }
    }
}

extension Substring {
    public var displayWidth: Int { String(self).displayWidth }
}
