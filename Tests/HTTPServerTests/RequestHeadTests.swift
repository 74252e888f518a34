import HTTPServer
import Testing

/// The head parser alone, bytes in, head or refusal out (no sockets): the refusal named, and a
/// head's fields as read.
@Suite struct RequestHeadTests {
    enum Outcome: Sendable, Hashable {
        case head(method: String, target: String, RequestHead.Version, headers: [String: String], length: Int)
        case refused(HeadRefusal)
    }

    static func outcome(_ text: String) -> Outcome { outcome(Array(text.utf8)) }

    static func outcome(_ bytes: [UInt8]) -> Outcome {
        do throws(HeadRefusal) {
            let head = try RequestHead(parsing: bytes, maximumFields: 4)
            return .head(
                method: head.method, target: head.target, head.version, headers: head.headers,
                length: try head.bodyLength())
        } catch {
            return .refused(error)
        }
    }

    @Test(arguments: [
        (
            "GET / HTTP/1.1\r\nHost: x",
            Outcome.head(method: "GET", target: "/", .http11, headers: ["host": "x"], length: 0)
        ),
        (
            "POST /a?b=c HTTP/1.0\r\nContent-LENGTH:  12 \r\nX-Tab:\tone\ttwo\t",
            .head(
                method: "POST", target: "/a?b=c", .http10, headers: ["content-length": "12", "x-tab": "one\ttwo"],
                length: 12)
        ),
        ("GET / HTTP/1.1\nHost: x", .refused(.bareLF(at: 14))),
        ("GET / HTTP/1.1\r\nHost: x\rY: z", .refused(.bareCR(at: 23))),
        ("GET / HTTP/1.1\r\nHost: x\r", .refused(.bareCR(at: 23))),
        ("GET / HTTP/1.1\r\nHost: \0", .refused(.nul(at: 22))),
        ("GET /\u{1b} HTTP/1.1\r\nHost: x", .refused(.controlCharacter(0x1B, in: .requestLine))),
        ("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{7f}", .refused(.controlCharacter(0x7F, in: .fieldValue("x-a")))),
        ("GET / HTTP/1.1\r\nHost: x\r\nX\u{01}: a", .refused(.controlCharacter(0x01, in: .fieldName))),
        ("GET  / HTTP/1.1\r\nHost: x", .refused(.malformedRequestLine)),
        ("GET / HTTP/1.1 \r\nHost: x", .refused(.malformedRequestLine)),
        ("", .refused(.malformedRequestLine)),
        ("G:T / HTTP/1.1\r\nHost: x", .refused(.invalidMethod)),
        ("GET * HTTP/1.1\r\nHost: x", .refused(.invalidTarget)),
        ("GET http://x/ HTTP/1.1\r\nHost: x", .refused(.invalidTarget)),
        ("GET / HTTP/1.7\r\nHost: x", .refused(.unsupportedVersion(major: 1, minor: 7))),
        ("GET / HTTP/2.0\r\nHost: x", .refused(.unsupportedVersion(major: 2, minor: 0))),
        ("GET / HTTP/1.10\r\nHost: x", .refused(.malformedVersion)),
        ("GET / HTTP/1.x\r\nHost: x", .refused(.malformedVersion)),
        ("GET / HTTP/1.1\r\n Host: x", .refused(.foldedLine)),
        ("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n\tb", .refused(.foldedLine)),
        ("GET / HTTP/1.1\r\nHost: x\r\nX-A a", .refused(.missingColon)),
        ("GET / HTTP/1.1\r\nHost: x\r\nX-A : a", .refused(.whitespaceBeforeColon)),
        ("GET / HTTP/1.1\r\nHost: x\r\nX\"A: a", .refused(.invalidFieldName)),
        ("GET / HTTP/1.1\r\nHost: x\r\n: a", .refused(.invalidFieldName)),
        ("GET / HTTP/1.1", .refused(.missingHost)),
        ("GET / HTTP/1.1\r\nHost: x\r\nHOST: x", .refused(.repeatedHost)),
        ("GET / HTTP/1.0\r\nHost: x\r\nHost: y", .refused(.repeatedHost)),
        ("GET / HTTP/1.1\r\nHost: x y", .refused(.invalidHost)),
        ("GET / HTTP/1.1\r\nHost: [::1]x", .refused(.invalidHost)),
        ("GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4", .refused(.tooManyFields(limit: 4))),
        ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 1", .refused(.repeatedContentLength)),
        ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1_0", .refused(.invalidContentLength)),
        (
            "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked",
            .refused(.transferEncodingWithContentLength)
        ),
        ("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip", .refused(.unsupportedTransferEncoding)),
    ])
    func aHeadIsReadOrRefused(text: String, expected: Outcome) {
        #expect(Self.outcome(text) == expected, "\(text.debugDescription)")
    }

    @Test func obsTextIsReadAsUTF8ElseLatin1() {
        let utf8 = Self.outcome(Array("GET / HTTP/1.1\r\nHost: x\r\nX-A: caf\u{e9}".utf8))
        #expect(utf8 == .head(method: "GET", target: "/", .http11, headers: ["host": "x", "x-a": "café"], length: 0))
        let latin1 = Self.outcome(Array("GET / HTTP/1.1\r\nHost: x\r\nX-A: caf".utf8) + [0xE9])
        #expect(latin1 == utf8)
    }

    @Test func everyRefusalIsAClientErrorSaveAVersionNotSpokenAndABusyServer() {
        let refusals: [HeadRefusal] = [
            .bareCR(at: 0), .bareLF(at: 0), .nul(at: 0), .controlCharacter(1, in: .requestLine), .malformedRequestLine,
            .invalidMethod, .invalidTarget, .malformedVersion, .foldedLine, .missingColon, .invalidFieldName,
            .whitespaceBeforeColon, .missingHost, .repeatedHost, .invalidHost, .repeatedContentLength,
            .invalidContentLength, .transferEncodingWithContentLength, .unsupportedTransferEncoding,
            .tooManyFields(limit: 1), .headTooLarge(limit: 1), .bodyTooLarge(length: 2, limit: 1),
            .headTimeout(seconds: 1), .bodyTimeout(seconds: 1),
        ]
        for refusal in refusals { #expect((400...499).contains(refusal.status), "\(refusal)") }
        #expect(HeadRefusal.unsupportedVersion(major: 2, minor: 0).status == 505)
        #expect(HeadRefusal.bodiesOverBudget(limit: 1 << 20).status == 503)
        #expect(HeadRefusal.controlCharacter(0x1B, in: .fieldValue("x-a")).description.contains("0x1b"))
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\n\r\n", HeadBoundary.Scan.complete(end: 14)),
        ("GET / HTTP/1.1\r\nHost: x\r\n", .incomplete),
        ("GET / HTTP/1.1\r", .incomplete),
        ("GET / HTTP/1.1\n", .refused(.bareLF(at: 14))),
        ("GET / HTTP/1.1\r\r", .refused(.bareCR(at: 14))),
        ("GET /\0", .refused(.nul(at: 5))),
        ("\n", .refused(.bareLF(at: 0))),
    ])
    func theHeadEndIsFoundWhetherTheBytesComeAtOnceOrOneByOne(text: String, expected: HeadBoundary.Scan) {
        let bytes = Array(text.utf8)
        var atOnce = HeadBoundary()
        #expect(atOnce.scan(bytes) == expected)
        var oneByOne = HeadBoundary()
        var last = HeadBoundary.Scan.incomplete
        for count in 1...bytes.count where last == .incomplete { last = oneByOne.scan(Array(bytes.prefix(count))) }
        #expect(last == expected)
    }

    @Test func logTextEscapesControlsQuotesAndNonASCII() {
        #expect(LogText.escaped("GET /a") == "GET /a")
        #expect(LogText.escaped("a\nb\r\t\u{1b}[31m\u{7f}\0") == #"a\nb\r\t\x1b[31m\x7f\x00"#)
        #expect(LogText.escaped(#"say "hi" \ bye"#) == #"say \"hi\" \\ bye"#)
        #expect(LogText.escaped("caf\u{e9}") == #"caf\xc3\xa9"#)
    }
}
