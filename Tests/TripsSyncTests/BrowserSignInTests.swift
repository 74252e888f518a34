import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// `trips login` signs in through `trips-cloud`'s web page as CloudKit's web sign-in works
/// (issue 27 item 3), driven end to end: a real `trips-cloud`, a real `trips login` waiting on its
/// loopback port, and Debian's Chromium, headless, filling the form (Scripts/browser_sign_in.py
/// over the DevTools protocol).
@Suite(.serialized) struct BrowserSignInTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Scripts/browser_sign_in.py")

    static func storedToken(_ trips: TripsBinary) throws -> String? {
        guard let data = FileManager.default.contents(atPath: trips.configPath) else { return nil }
        let settings = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return settings?["cloud.webAuthToken"] as? String
    }

    /// `trips-cloud user add NAME --password-stdin`.
    static func setPassword(_ password: String, of name: String, on cloud: LiveCloud) async throws {
        let result = try await WatchedProcess(
            cloud.server.executable, cloud.server.addUserArguments(name) + ["--password-stdin"],
            input: .text(password + "\n")
        ).exit()
        #expect(result.status == 0, "user add --password-stdin: \(result.stderr)")
        #expect(result.stdout == "password set for \(name)\n")
    }

    /// The page Chromium ends on after the form: its address and text.
    struct Page {
        var url: String
        var text: String
    }

    /// Opens `url` in headless Chromium, types `user` and `password`, presses "Sign in".
    /// Chromium's whole process group is killed at the end, even when the script is not.
    static func signIn(at url: String, user: String, password: String) async throws -> Page {
        let helper = try WatchedProcess(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [script.path, "--url", url, "--user", user, "--password", password, "--timeout", "60"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path])
        let started = try await helper.nextLine("Chromium's process group", within: .seconds(30))
        let pgid = (try JSONSerialization.jsonObject(with: Data(started.utf8)) as? [String: Any])?["chromium_pgid"]
        defer { if let pgid = pgid as? Int32, pgid > 1 { kill(-pgid, SIGKILL) } }
        let exit = try await helper.exit(within: .seconds(90))
        let last = exit.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let result = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(exit.status == 0, "browser: \(last) \(exit.stderr)")
        return Page(url: result["url"] as? String ?? "", text: result["text"] as? String ?? "")
    }

    /// Starts `trips login --browser` and answers the sign-in address it prints.
    static func startLogin(_ trips: TripsBinary, timeout: Int) async throws -> (WatchedProcess, String) {
        let login = try trips.start(["login", "--browser", "--timeout", String(timeout)])
        let url = try await login.nextLine("the sign-in address", within: .seconds(60)) { $0.hasPrefix("http") }
        return (login, url)
    }

    @Test func aBrowserSignInEndsSignedInAndTheDeviceSyncsASavedTripToASecondDevice() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        try await Self.setPassword("correct horse battery", of: "ana", on: cloud)
        var laptop = try TripsBinary(cloud: cloud)
        defer { laptop.cleanUp() }
        laptop.environment["TRIPS_DEVICE_NAME"] = "laptop"

        let (login, url) = try await Self.startLogin(laptop, timeout: 120)
        #expect(url.hasPrefix(cloud.server.url.absoluteString + "/signin?callback=http%3A%2F%2F127.0.0.1%3A"))
        let page = try await Self.signIn(at: url, user: "ana", password: "correct horse battery")
        #expect(page.text.contains("Signed in to trips. You can close this tab"), "\(page)")
        #expect(page.url.hasPrefix("http://127.0.0.1:") && page.url.contains("/callback?state="), "\(page.url)")
        let done = try await login.exit(within: .seconds(60))
        #expect(done.status == 0, "\(done.stdout)\(done.stderr)")
        #expect(done.stdout.contains("Signed in. `trips sync` now carries"))
        #expect(done.stdout.contains("The cloud knows this device as user _"))
        let token = try #require(try Self.storedToken(laptop))
        #expect(!done.stdout.contains(token) && !done.stderr.contains(token))

        // The signed-in laptop saves a trip and syncs it; a desk signed in as ana gets it.
        let window = ["--sport", "mlb", "--from", "2026-08-24", "--days", "4", "--start", "Wrigley Field"]
        let plan = try await laptop.start(["plan"] + window + ["--save", "Opening week"]).exit()
        #expect(plan.status == 0, "\(plan.stdout)\(plan.stderr)")
        let pushed = try await laptop.run("sync")
        #expect(pushed.status == 0, "\(pushed.stdout)\(pushed.stderr)")
        #expect(pushed.stdout.contains("User data: exported 1"), "\(pushed.stdout)")
        var desk = try TripsBinary(cloud: cloud)
        defer { desk.cleanUp() }
        desk.environment["TRIPS_DEVICE_NAME"] = "desk"
        let deskToken = try await cloud.addUser("ana")
        #expect(try await desk.runWithInput(deskToken + "\n", "login").status == 0)
        let pulled = try await desk.run("sync")
        #expect(pulled.status == 0, "\(pulled.stdout)\(pulled.stderr)")
        let list = try await desk.run("saved", "list")
        #expect(list.stdout.contains("Opening week"), "\(list.stdout)")
        #expect(try await desk.run("saved", "show", "Opening week").stdout.contains("changed on laptop"))
    }

    @Test func aWrongPasswordShowsAnErrorAndLoginWaitsUntilItsTimeout() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        try await Self.setPassword("correct horse battery", of: "ana", on: cloud)
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }

        let (login, url) = try await Self.startLogin(trips, timeout: 20)
        let page = try await Self.signIn(at: url, user: "ana", password: "correct horse")
        #expect(page.text.contains("That user name and password do not match."), "\(page)")
        #expect(page.url.hasPrefix(cloud.server.url.absoluteString + "/signin"), "\(page.url)")
        #expect(login.isRunning, "a wrong password must not end the wait")
        let done = try await login.exit(within: .seconds(60))
        #expect(done.status == 1, "\(done.stdout)\(done.stderr)")
        #expect(done.stderr.contains("no sign-in came back from the browser within 20 s; nothing was changed"))
        #expect(try Self.storedToken(trips) == nil)
    }

    /// GET `url` (no redirects are involved): status and body.
    static func fetch(_ url: String) async throws -> (Int, String) {
        let session = URLSession(configuration: .ephemeral)
        var request = URLRequest(url: try #require(URL(string: url)))
        request.timeoutInterval = 20
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func theLoopbackPortAnswersOnlyItsOwnCallbackAndARefusedTokenIsNotKept() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        let (login, url) = try await Self.startLogin(trips, timeout: 60)
        let callback = try #require(
            URLComponents(string: url)?.queryItems?.first { $0.name == "callback" }?.value, "\(url)")
        let port = try #require(URLComponents(string: callback)?.port)
        #expect(callback.hasPrefix("http://127.0.0.1:\(port)/callback?state="))

        let (other, _) = try await Self.fetch("http://127.0.0.1:\(port)/favicon.ico")
        #expect(other == 404)
        let (forged, page) = try await Self.fetch(
            "http://127.0.0.1:\(port)/callback?state=0123&ckWebAuthToken=someone-elses-token")
        #expect(forged == 400)
        #expect(page.contains("not started by the trips login that is waiting"))
        let (empty, _) = try await Self.fetch(callback)
        #expect(empty == 400, "a callback without a token")
        // Its head is read by HTTPServer's strict parser: a token behind a bare LF is not taken.
        let path = String(callback.dropFirst("http://127.0.0.1:\(port)".count))
        let client = try LoopbackClient(port: UInt16(port))
        client.send("GET \(path)&ckWebAuthToken=smuggled HTTP/1.1\nHost: x\r\n\r\n")
        let (bare, closed) = client.readToEnd(by: Deadline(.seconds(20)))
        #expect(String(decoding: bare, as: UTF8.self).hasPrefix("HTTP/1.1 400 "))
        #expect(closed)
        #expect(login.isRunning, "none of these is the sign-in: still waiting")

        let (ok, _) = try await Self.fetch(callback + "&ckWebAuthToken=made-up-token-789")
        #expect(ok == 200)
        let done = try await login.exit(within: .seconds(60))
        #expect(done.status == 1, "\(done.stdout)\(done.stderr)")
        #expect(done.stderr.contains("the cloud does not accept the token the sign-in page gave"))
        #expect(!done.stderr.contains("made-up-token-789"))
        #expect(try Self.storedToken(trips) == nil)
    }

    /// CloudKit sends the browser to the callback set on its API token, on a port fixed there,
    /// and cannot carry trips' `state`: `--port` listens there, takes a callback without state
    /// (a wrong state is still refused), and says who signed in.
    @Test func aFixedPortTakesCloudKitsCallbackWithoutItsState() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        let free = try await WatchedProcess(
            URL(fileURLWithPath: "/usr/bin/python3"),
            ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"]
        ).exit(within: .seconds(30))
        let port = try #require(Int(free.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        let login = try trips.start(["login", "--browser", "--port", String(port), "--timeout", "60"])
        let url = try await login.nextLine("the sign-in address", within: .seconds(60)) { $0.hasPrefix("http") }
        #expect(url.contains("127.0.0.1%3A\(port)%2Fcallback"), "\(url)")
        let (forged, _) = try await Self.fetch("http://127.0.0.1:\(port)/callback?state=0123&ckWebAuthToken=x-1234567")
        #expect(forged == 400, "a state that is not this login's is refused")
        let token = try await cloud.addUser("ana")
        let (ok, _) = try await Self.fetch("http://127.0.0.1:\(port)/callback?ckWebAuthToken=\(token)")
        #expect(ok == 200)
        let done = try await login.exit(within: .seconds(60))
        #expect(done.status == 0, "\(done.stdout)\(done.stderr)")
        #expect(done.stdout.contains("check that is you"))
        #expect(try Self.storedToken(trips) == token)
        let misplaced = try await trips.runWithInput("token-1234567\n", "login", "--port", "8737")
        #expect(misplaced.status == 2 && misplaced.stderr.contains("--browser"), "\(misplaced.stderr)")
    }

    @Test func onATerminalLoginSignsInThroughTheBrowser() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        let run = try await trips.runOnTerminal("login", "--timeout", "1")
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(cloud.server.url.absoluteString + "/signin?callback="))
        #expect(run.stdout.contains("no sign-in came back from the browser within 1 s"))
        #expect(!run.stdout.contains("Web auth token:"))
    }

    @Test func browserOptionsThatCannotApplyAreUsageErrors() async throws {
        let trips = try TripsBinary(cloud: nil)
        defer { trips.cleanUp() }
        let timeout = try await trips.runWithInput("token-1234567\n", "login", "--timeout", "5")
        #expect(timeout.status == 2, "\(timeout.stderr)")
        #expect(timeout.stderr.contains("--browser"))
        let both = try await trips.run("login", "--browser", "--paste-token")
        #expect(both.status == 2, "\(both.stderr)")
        #expect(both.stderr.contains("--browser and --paste-token cannot be used together"))
    }

    @Test func onADesktopThePageIsOpenedWithXdgOpenAndOtherwiseOnlyPrinted() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        var trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        // A stand-in xdg-open that writes down what it was asked to open.
        let bin = trips.home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let opened = trips.home.appendingPathComponent("opened.txt")
        let opener = bin.appendingPathComponent("xdg-open")
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(opened.path)'\n".write(
            to: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        trips.environment["PATH"] = bin.path + ":/usr/bin:/bin"

        let headless = try await trips.start(["login", "--browser", "--timeout", "1"]).exit()
        #expect(headless.status == 1)
        #expect(!FileManager.default.fileExists(atPath: opened.path), "no DISPLAY: printed, not opened")

        trips.environment["DISPLAY"] = ":99"
        let (login, url) = try await Self.startLogin(trips, timeout: 30)
        let text = try await login.poll("xdg-open to be run", within: .seconds(30)) { _ in
            try? String(contentsOf: opened, encoding: .utf8)
        }
        #expect(text == url + "\n")
        login.kill()
    }
}
