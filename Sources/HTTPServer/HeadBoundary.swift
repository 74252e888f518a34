/// Finds where a request head ends (its `CRLF CRLF`) in bytes that arrive a few at a time, and
/// refuses a bare CR, a bare LF or a NUL as soon as it arrives: a head framed by them would
/// otherwise wait for a CRLF CRLF that never comes, or end where a proxy's does not.
public struct HeadBoundary: Sendable {
    public enum Scan: Sendable, Hashable {
        case incomplete
        /// The head is `bytes[..<end]`; its empty line (4 bytes) follows.
        case complete(end: Int)
        case refused(HeadRefusal)
    }

    /// Bytes already examined (a trailing CR is examined again with what follows it).
    private var scanned = 0

    public init() {}

    /// Looks at the bytes added since the last call; `bytes` must only have grown since then.
    public mutating func scan(_ bytes: [UInt8]) -> Scan {
        var index = scanned
        defer { scanned = index }
        while index < bytes.count {
            switch bytes[index] {
            case 0: return .refused(.nul(at: index))
            case RequestHead.lf:
                guard index > 0, bytes[index - 1] == RequestHead.cr else { return .refused(.bareLF(at: index)) }
                if index >= 3, bytes[index - 3] == RequestHead.cr, bytes[index - 2] == RequestHead.lf {
                    return .complete(end: index - 3)
                }
            case RequestHead.cr:
                guard index + 1 < bytes.count else { return .incomplete }
                guard bytes[index + 1] == RequestHead.lf else { return .refused(.bareCR(at: index)) }
            default: break
            }
            index += 1
        }
        return .incomplete
    }
}
