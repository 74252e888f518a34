import CloudKitClient
import CloudKitWeb
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Tokens are secrets: never in errors, descriptions or log lines.
@Suite struct RedactionTests {
    private func containsNoToken(_ text: String) -> Bool {
        let encodedAPI = "api%2BTOKEN%2Fwith%3Dodd"
        return [apiToken, webToken, adminToken, encodedAPI].allSatisfy { !text.contains($0) }
    }

    @Test func theConfigurationDescriptionHidesTokens() {
        let text = configuration(web: true, admin: true).description
        #expect(containsNoToken(text))
        #expect(text.contains("iCloud.trips.test"))
    }

    @Test func aServerReasonEchoingATokenIsRedacted() async throws {
        let transport = FakeTransport([
            .error("AUTHENTICATION_FAILED", status: 401, reason: "token \(apiToken) and \(webToken) rejected")
        ])
        do {
            _ = try await database(transport, scope: .private, web: true).listZones()
            Issue.record("expected a failure")
        } catch {
            #expect(containsNoToken("\(error)"))
            #expect(containsNoToken(String(reflecting: error)))
            #expect("\(error)".contains("AUTHENTICATION_FAILED"))
        }
    }

    @Test func aServerReasonEchoingTheQueryInLowerCaseIsRedacted() async throws {
        let echoed = "bad token in ?ckapitoken=\(apiToken.lowercased())&ckwebauthtoken=\(webToken.lowercased())"
        let transport = FakeTransport([.error("AUTHENTICATION_FAILED", status: 401, reason: echoed)])
        do {
            _ = try await database(transport, scope: .private, web: true).listZones()
            Issue.record("expected a failure")
        } catch {
            let text = "\(error)".lowercased()
            #expect(!text.contains(webToken.lowercased()))
            #expect(!text.contains("api+token") && !text.contains("api%2btoken"))
            #expect(text.contains("ckwebauthtoken=‹redacted›"))
        }
    }

    @Test func aPasswordInTheBaseURLIsNeverShown() {
        var withPassword = configuration()
        withPassword.baseURL = URL(string: "https://fan:correct-horse@cloud.test/")!
        #expect(!withPassword.description.contains("correct-horse"))
        #expect(withPassword.description.contains("https://fan:‹redacted›@cloud.test/"))
        #expect(withPassword.redact("auth failed for CORRECT-HORSE") == "auth failed for ‹redacted›")
    }

    @Test func aNetworkErrorMentioningTheURLIsRedacted() async throws {
        struct LeakyError: Error, CustomStringConvertible {
            var description: String {
                "could not connect to http://cloud.test:8080/x?ckAPIToken=api%2BTOKEN%2Fwith%3Dodd&ckWebAuthToken=\(webToken)"
            }
        }
        let transport = FakeTransport([.failure(LeakyError())])
        let db = database(transport, scope: .private, web: true, policy: .never)
        do {
            _ = try await db.currentUser()
            Issue.record("expected a failure")
        } catch {
            #expect(containsNoToken("\(error)"))
            #expect("\(error)".contains("could not reach the cloud"))
        }
    }

    @Test func logLinesNameTheOperationButNoToken() async throws {
        let log = LogCollector()
        let transport = FakeTransport([.error("THROTTLED", status: 429, retryAfter: 1), .emptyPage])
        _ = try await database(transport, scope: .private, web: true, admin: true, log: log.sink).query(gameQuery)
        #expect(log.lines.count == 3)  // two attempts and one retry wait
        #expect(log.lines[0].contains("POST /database/1/iCloud.trips.test/development/private/records/query 429"))
        #expect(log.lines.allSatisfy(containsNoToken))
    }

    @Test func everyErrorCaseHasAUserFacingDescription() {
        let errors: [CloudError] = [
            .server(ErrorResponse(serverErrorCode: .authenticationRequired, reason: "sign in"), httpStatus: 421),
            .network("connection refused"), .httpStatus(502), .unparseableResponse(status: 200, detail: "truncated"),
            .invalidRequest("bad URL"), .protocolViolation("loop"), .cancelled,
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("CloudError"))
        }
        #expect(errors[0].description.contains("sign in"))
    }
}

@Suite struct NetworkMessageTests {
    @Test func anUnreachableServerIsDescribedInOneReadableLine() async throws {
        let configuration = CloudConfiguration(
            baseURL: URL(string: "http://127.0.0.1:\(closedPort())")!, container: "iCloud.x", apiToken: apiToken)
        let db = CloudDatabase(configuration: configuration, retryPolicy: .never)
        do {
            _ = try await db.query(gameQuery)
            Issue.record("expected a network error")
        } catch {
            guard case .network(let message) = error else { return #expect(Bool(false), "\(error)") }
            #expect(!message.contains("ckAPIToken"))
            #expect(!message.contains("NSErrorFailingURL"))
            #expect(!message.contains("\n"))
            #expect(error.isRetryable)
        }
    }
}

/// A loopback port nothing listens on: bound to get a free one, then closed.
private func closedPort() -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(fd, pointer, length) == 0 ? getsockname(fd, pointer, &length) : -1
        }
    }
    return UInt16(bigEndian: address.sin_port)
}
