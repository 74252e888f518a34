/// Why the airports table could not be read or written. The table ships in
/// `Data/airports.tsv`, so a read error means a damaged install rather than bad user input;
/// a write error means the importer was handed a row the format cannot hold.
public enum AirportsTSVError: Error, Sendable, Hashable, CustomStringConvertible {
    case malformedLine(number: Int, reason: String)
    case unwritable(iata: String, reason: String)

    public var description: String {
        switch self {
        case .malformedLine(let n, let why): return "airports table, line \(n): \(why)"
        case .unwritable(let code, let why): return "airport \(code) cannot be written: \(why)"
        }
    }
}
