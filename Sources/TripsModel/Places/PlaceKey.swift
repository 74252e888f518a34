/// How place names are compared: lower case, accents folded, punctuation dropped, and
/// "Saint"/"St." (also Mount/Mt., Fort/Ft.) spelled one way — so "montreal" meets "Montréal"
/// and "St. Paul" meets GeoNames' "Saint Paul".
///
/// Indexing runs over 29k names on the `trips plan` path, so the common case works on
/// scalars directly: ASCII and the Latin letters of Latin-1 and Latin Extended-A (every
/// accented letter of the US/CA/MX names). Anything else falls back to `SearchKey.normalize`.
enum PlaceKey {
    static func of(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var wordStart = 0
        var pendingSpace = false
        func endWord() {
            guard out.count > wordStart else { return }
            if let short = shortened(out[wordStart...]) {
                out.removeSubrange(wordStart...)
                out.append(contentsOf: short)
            }
        }
        for scalar in text.unicodeScalars {
            let folded: UInt8?
            let v = scalar.value
            if v < 0x80 {
                let b = UInt8(v)
                switch b {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): folded = b
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): folded = b + 32
                case UInt8(ascii: "'"): continue
                default: folded = nil
                }
            } else if v == 0x2019 {
                continue  // ’
            } else if (0xC0...0x17F).contains(v) {
                let letter = latin[Int(v - 0xC0)]
                guard letter != UInt8(ascii: "?") else { return slowPath(text) }
                folded = letter == UInt8(ascii: " ") ? nil : letter
            } else {
                return slowPath(text)
            }
            if let folded {
                if pendingSpace && !out.isEmpty {
                    endWord()
                    out.append(UInt8(ascii: " "))
                    wordStart = out.count
                }
                pendingSpace = false
                out.append(folded)
            } else {
                pendingSpace = true
            }
        }
        endWord()
        return String(decoding: out, as: UTF8.self)
    }

    /// Base letters of U+00C0…U+017F in order ("?" sends the name to the slow path, " " is a
    /// separator: × and ÷).
    private static let latin: [UInt8] = Array(
        ("aaaaaaaceeeeiiii" + "dnooooo ouuuuyts" + "aaaaaaaceeeeiiii" + "dnooooo ouuuuyty"  // U+00C0…U+00FF
            + "aaaaaaccccccccdd" + "ddeeeeeeeeeegggg" + "gggghhhhiiiiiiii" + "ii??jjkkklllllll"  // U+0100…U+013F
            + "lllnnnnnnnnnoooo" + "oooorrrrrrssssss" + "ssttttttuuuuuuuu" + "uuuuwwyyyzzzzzzs").utf8)  // U+0140…U+017F

    private static let shortenings: [[UInt8]: [UInt8]] = [
        Array("saint".utf8): Array("st".utf8), Array("sainte".utf8): Array("ste".utf8),
        Array("mount".utf8): Array("mt".utf8), Array("fort".utf8): Array("ft".utf8),
    ]

    private static func shortened(_ word: ArraySlice<UInt8>) -> [UInt8]? {
        guard (4...6).contains(word.count) else { return nil }
        return shortenings[Array(word)]
    }

    /// Rare scripts and symbols: Foundation's folding, then the same word shortening.
    private static func slowPath(_ text: String) -> String {
        SearchKey.normalize(text).split(separator: " ").map { word -> String in
            shortened(ArraySlice(word.utf8)).map { String(decoding: $0, as: UTF8.self) } ?? String(word)
        }.joined(separator: " ")
    }
}
