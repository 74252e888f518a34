/// Why the places table could not be read. The table ships in `Data/places.tsv`, so this
/// means a damaged install rather than bad user input.
public enum GazetteerError: Error, Sendable, Hashable, CustomStringConvertible {
    case malformedLine(number: Int, reason: String)
    case unknownZoneIndex(line: Int, index: Int)

    public var description: String {
        switch self {
        case .malformedLine(let n, let why): return "places table, line \(n): \(why)"
        case .unknownZoneIndex(let n, let i): return "places table, line \(n): zone #\(i) is not declared"
        }
    }
}
