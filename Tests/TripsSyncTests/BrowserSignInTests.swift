import Foundation
import TestSupport
import Testing

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
}
