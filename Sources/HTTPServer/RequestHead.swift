/// The request line and header fields of one request, read strictly by RFC 9112: whatever a
/// proxy in front might read another way is refused rather than guessed at (see `HeadRefusal`).
public struct RequestHead: Sendable, Hashable {
    public enum Version: String, Sendable, Hashable {
        case http10 = "HTTP/1.0"
        case http11 = "HTTP/1.1"
    }

    public var method: String
    /// Origin-form, as sent (never percent-decoded).
    public var target: String
    public var version: Version
    /// Names lowercased; a repeated name keeps its last value (see `repeated`).
    public var headers: [String: String]
    /// Header names that came more than once.
    public var repeated: Set<String>

    /// The most header fields a head may carry unless a caller says otherwise.
    public static let defaultMaximumFields = 100

    /// Parses `bytes`: the head without the empty line that ends it (lines end in CRLF, the last
    /// one's CRLF optional).
    public init(parsing bytes: some Collection<UInt8>, maximumFields: Int = defaultMaximumFields)
        throws(HeadRefusal)
    {
        let lines = try Self.lines(Array(bytes))
        guard let requestLine = lines.first else { throw .malformedRequestLine }
        (method, target, version) = try Self.requestLine(requestLine)
        headers = [:]
        repeated = []
        var hosts = 0
        guard lines.count - 1 <= maximumFields else { throw .tooManyFields(limit: maximumFields) }
        for line in lines.dropFirst() {
            let (name, value) = try Self.field(line)
            if headers[name] != nil { repeated.insert(name) }
            headers[name] = value
            if name == "host" {
                hosts += 1
                guard Self.isHost(Array(value.utf8)) else { throw .invalidHost }
            }
        }
        // RFC 9112 §3.2: a 1.1 request names its host exactly once; a 1.0 one at most once.
        if hosts > 1 { throw .repeatedHost }
        if hosts == 0, version == .http11 { throw .missingHost }
    }

    /// Whether the connection may carry another request after this one's answer.
    public var keepAlive: Bool {
        let options = (headers["connection"] ?? "").split(separator: ",").map {
            $0.trimmingBlanks.lowercased()
        }
        if version == .http10 { return options.contains("keep-alive") }
        return !options.contains("close")
    }

    static let cr: UInt8 = 13
    static let lf: UInt8 = 10
    static let space: UInt8 = 32
    static let tab: UInt8 = 9

    /// The lines between CRLFs; a bare CR, a bare LF or a NUL anywhere is refused.
    private static func lines(_ bytes: [UInt8]) throws(HeadRefusal) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0: throw .nul(at: index)
            case lf: throw .bareLF(at: index)
            case cr:
                guard index + 1 < bytes.count, bytes[index + 1] == lf else { throw .bareCR(at: index) }
                lines.append(bytes[start..<index])
                index += 2
                start = index
                continue
            default: break
            }
            index += 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    private static func requestLine(_ line: ArraySlice<UInt8>) throws(HeadRefusal) -> (String, String, Version) {
        if let control = line.first(where: isControl) { throw .controlCharacter(control, in: .requestLine) }
        let words = line.split(separator: space, omittingEmptySubsequences: false)
        guard words.count == 3, !words.contains(where: \.isEmpty) else { throw .malformedRequestLine }
        guard words[0].allSatisfy(isTokenByte) else { throw .invalidMethod }
        let target = words[1]
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .invalidTarget
        }
        return (
            String(decoding: words[0], as: UTF8.self), String(decoding: target, as: UTF8.self), try version(words[2])
        )
    }

    /// `HTTP/1.0` or `HTTP/1.1`; another `HTTP/DIGIT.DIGIT` is unsupported (505), anything else malformed.
    private static func version(_ word: ArraySlice<UInt8>) throws(HeadRefusal) -> Version {
        let text = String(decoding: word, as: UTF8.self)
        if let version = Version(rawValue: text) { return version }
        let bytes = Array(word)
        let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        guard bytes.count == 8, text.hasPrefix("HTTP/"), isDigit(bytes[5]), bytes[6] == UInt8(ascii: "."),
            isDigit(bytes[7])
        else { throw .malformedVersion }
        throw .unsupportedVersion(major: Int(bytes[5] - 0x30), minor: Int(bytes[7] - 0x30))
    }

    /// `name ":" OWS value OWS`, the name lowercased; the value decoded as UTF-8, else Latin-1
    /// (obs-text bytes are allowed, controls other than HTAB are not).
    private static func field(_ line: ArraySlice<UInt8>) throws(HeadRefusal) -> (String, String) {
        guard let first = line.first, first != space, first != tab else { throw .foldedLine }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            if let control = line.first(where: isControl) { throw .controlCharacter(control, in: .fieldName) }
            throw .missingColon
        }
        let nameBytes = line[..<colon]
        if let control = nameBytes.first(where: isControl) { throw .controlCharacter(control, in: .fieldName) }
        if let last = nameBytes.last, last == space || last == tab { throw .whitespaceBeforeColon }
        guard !nameBytes.isEmpty, nameBytes.allSatisfy(isTokenByte) else { throw .invalidFieldName }
        let name = String(decoding: nameBytes, as: UTF8.self).lowercased()
        var value = line[line.index(after: colon)...]
        if let control = value.first(where: { $0 != tab && isControl($0) }) {
            throw .controlCharacter(control, in: .fieldValue(name))
        }
        while let byte = value.first, byte == space || byte == tab { value = value.dropFirst() }
        while let byte = value.last, byte == space || byte == tab { value = value.dropLast() }
        let text =
            String(validating: value, as: UTF8.self)
            ?? String(String.UnicodeScalarView(value.map { Unicode.Scalar($0) }))
        return (name, text)
    }

    /// `uri-host [":" port]`, or empty (RFC 9110 §7.2): a reg-name or IPv4 address, or an IP
    /// literal in brackets; the port digits only.
    private static func isHost(_ value: [UInt8]) -> Bool {
        var host = value[...]
        var port = host[host.endIndex...]
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = host[(host.startIndex + 1)..<close]
            let rest = host[(close + 1)...]
            guard !literal.isEmpty, literal.allSatisfy(isAddressLiteralByte),
                rest.isEmpty || rest.first == UInt8(ascii: ":")
            else { return false }
            port = rest.dropFirst()
        } else {
            if let colon = host.firstIndex(of: UInt8(ascii: ":")) {
                port = host[(colon + 1)...]
                host = host[..<colon]
            }
            guard host.allSatisfy(isRegNameByte) else { return false }
        }
        return port.allSatisfy { (0x30...0x39).contains($0) }
    }

    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// What an IPv6 (or IPv4-in-IPv6) literal is written with.
    private static func isAddressLiteralByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    /// RFC 3986 `unreserved / pct-encoded / sub-delims` (the `%` taken alone).
    private static func isRegNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default: return Array("-._~%!$&'()*+,;=".utf8).contains(byte)
        }
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (RFC 9110 OWS).
    var trimmingBlanks: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
