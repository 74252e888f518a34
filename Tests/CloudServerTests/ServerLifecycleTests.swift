import CloudKitClient
import CloudKitWeb
import CloudServerProcess
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ServerLifecycleTests {
    @Test func serveAnnouncesOneJSONLineAndStopLeavesNoProcess() async throws {
        let server = try await TestServer.start(arguments: [
            "--container", "iCloud.test.lifecycle",
        ])
        let pid = server.process.processIdentifier
        #expect(server.process.url.absoluteString.hasPrefix("http://127.0.0.1:"))
        #expect(server.process.container == "iCloud.test.lifecycle")
        #expect(server.process.apiToken.count >= 16)
        #expect(server.process.adminToken.count >= 16)
        #expect(kill(pid, 0) == 0)
        server.close()
        #expect(!server.process.isRunning)
        #expect(kill(pid, 0) == -1)  // reaped: no such process
    }

    @Test func theServerExitsWhenItsParentGoesAway() async throws {
        // `--exit-with-stdin`: the server ends at EOF on stdin, which is what the launcher's
        // pipe gives when the test process dies. Simulated here with a shell parent.
        let binary = try CloudServerProcess.locateExecutable()
        let shell = try WatchedProcess(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "'\(binary.path)' serve --no-data --quiet --exit-with-stdin < /dev/null"])
        let ended = try await shell.exit()
        #expect(ended.status == 0)
        #expect(ended.stdout.contains("\"url\""))
    }

    @Test func theLogHasOneLinePerRequestAndNoTokens() async throws {
        let server = try await TestServer.start()
        defer { server.close() }
        let user = try await server.addUser("ana")
        _ = try await server.database().query(allGames, resultsLimit: 3)
        _ = try await server.database(.private, webAuthToken: user).listZones()
        _ = try await server.raw("GET", "/_admin/checksum", headers: server.adminHeaders)
        // Each connection logs after it has answered, so the last line may follow the answer.
        let requestLines = try await Deadline.poll("the three request lines", within: .seconds(30)) {
            let lines = server.process.log.split(separator: "\n").filter {
                $0.hasPrefix("POST ") || $0.hasPrefix("GET ")
            }
            return lines.count >= 3 ? lines : nil
        }
        #expect(requestLines.count == 3)
        // Each connection logs on its own thread once it has answered: lines need not keep order.
        let query = requestLines.first {
            $0.hasPrefix("POST /database/1/iCloud.trips.local/development/public/records/query 200 ")
        }
        #expect(query?.hasSuffix("ms") == true)
        for secret in [server.process.apiToken, server.process.adminToken, user] {
            #expect(!server.process.log.contains(secret))
        }
    }

    @Test func userAddIssuesAnotherWorkingTokenAndStoresOnlyHashes() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let first = try await server.addUser("ana")
        let again = try await server.addUser("ana")
        let other = try await server.addUser("bo")
        #expect(first != again)
        #expect(first != other)
        #expect(first.count >= 32)
        // Both of ana's tokens are ana; bo is someone else.
        let ana1 = try await server.database(.private, webAuthToken: first).currentUser().userRecordName
        let ana2 = try await server.database(.private, webAuthToken: again).currentUser().userRecordName
        let bo = try await server.database(.private, webAuthToken: other).currentUser().userRecordName
        #expect(ana1 == ana2)
        #expect(ana1 != bo)
        // The database file holds no token in clear.
        var bytes = try Data(contentsOf: server.process.databaseURL)
        bytes += (try? Data(contentsOf: URL(fileURLWithPath: server.process.databaseURL.path + "-wal"))) ?? Data()
        for token in [first, again, other] {
            #expect(bytes.range(of: Data(token.utf8)) == nil, "a token is stored in clear")
        }
    }

    @Test(arguments: [
        ["frobnicate"], ["serve", "--page-limit", "0"], ["serve", "--bogus"], ["serve", "--error-rate", "2"],
        ["user", "add"], ["admin", "touch", "Game"], [],
    ])
    func usageMistakesExitWithStatus2AndAMessage(arguments: [String]) async throws {
        let result = try await TestServer.tool(try CloudServerProcess.locateExecutable(), arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("trips-cloud: "))
        // One line naming the mistake, the command's usage line when the parser knows it, then a
        // pointer to --help (not the whole usage).
        let lines = result.stderr.split(separator: "\n")
        #expect((2...3).contains(lines.count))
        if lines.count == 3 { #expect(lines[1].hasPrefix("Usage: trips-cloud")) }
        #expect(result.stderr.hasSuffix("\nsee trips-cloud --help\n"))
        #expect(!result.stderr.contains("Fatal error"))
    }

    @Test func aMissingBundleIsAClearError() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let result = try await TestServer.tool(
            try CloudServerProcess.locateExecutable(), ["serve", "--data", empty.path, "--port", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("manifest"))
        #expect(result.stdout.isEmpty)
    }
}
