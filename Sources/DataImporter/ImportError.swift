/// Why an import stopped. The importer fails loudly rather than ship a bundle with a game
/// nobody can locate; each case names the file or the record to fix.
public enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    case missingFile(path: String)
    case unreadable(path: String, reason: String)
    case unknownTeam(sport: String, name: String, source: String)
    /// Venues ("sport: name") that no source places on the map.
    case unknownVenues(names: [String])
    case venueWithoutZone(name: String)
    case countMismatch(what: String, expected: Int, found: Int)
    case duplicateRecord(recordName: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingFile(let p): return "raw file not found: \(p)"
        case .unreadable(let p, let why): return "cannot read \(p): \(why)"
        case .unknownTeam(let s, let n, let src): return "\(src): unknown \(s) team '\(n)'"
        case .unknownVenues(let names):
            return
                "no coordinates for venue(s) \(names.joined(separator: "; ")) — add them to the hand-made venue table"
        case .venueWithoutZone(let n): return "venue '\(n)' has no time zone"
        case .countMismatch(let what, let e, let f): return "\(what): expected \(e), found \(f)"
        case .duplicateRecord(let n): return "two records are named \(n)"
        case .cannotWrite(let p, let why): return "cannot write \(p): \(why)"
        }
    }
}
