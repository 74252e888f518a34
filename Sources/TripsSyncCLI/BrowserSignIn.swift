import CloudKitClient
import Foundation
import TripsCLI
import TripsStore
import TripsSync

/// `trips login` through the cloud's web page, as CloudKit signs web users in: `users/current`
/// without a token answers `AUTHENTICATION_REQUIRED` with a `redirectURL`; the user signs in
/// there, and the page sends the browser to a callback with `ckWebAuthToken`. The callback is a
/// `CallbackListener` on this machine's loopback, given to the page as `?callback=` (trips-cloud
/// accepts only loopback ones). The token is then checked with `users/current` and kept, as the
/// token-on-stdin path keeps it.
enum BrowserSignIn {
    enum Failure: Error, ExitCodeProviding, CustomStringConvertible {
        case noSignInPage(String)
        case timedOut(seconds: Int)
        case refused(String)

        var exitCode: Int32 { ExitStatus.failure }

        var description: String {
            switch self {
            case .noSignInPage(let why):
                return
                    "the cloud offers no sign-in page (\(why)); sign in with a token instead: trips login < token.txt"
            case .timedOut(let seconds):
                return "no sign-in came back from the browser within \(seconds) s; nothing was changed — "
                    + "run `trips login` again (--timeout SECONDS to wait longer)"
            case .refused(let why):
                return "the cloud does not accept the token the sign-in page gave (\(why)); nothing was changed"
            }
        }
    }

    @MainActor
    static func run(timeoutSeconds seconds: Int, port: UInt16? = nil, _ context: CLIContext) async throws {
        let settings = try SyncSettings.load(
            configPath: context.storeLocation.configPath, environment: context.environment)
        var configuration = try settings.cloudConfiguration()
        configuration.webAuthToken = nil
        let page = try await signInPage(configuration)
        let listener = try CallbackListener(port: port)
        let url = try address(of: page, callback: listener.callbackURL)
        context.stdout.line("Sign in on the cloud's page (it comes back to this machine when you are done):")
        context.stdout.line(url)
        context.stdout.line("Waiting up to \(seconds) s for the browser; Ctrl-C stops.")
        context.stdout.flush()
        openOnDesktop(url, context.environment)

        guard let token = await wait(listener, seconds: seconds) else { throw Failure.timedOut(seconds: seconds) }
        configuration.webAuthToken = token
        let user: String
        do {
            user = try await CloudDatabase(configuration: configuration, retryPolicy: .never).currentUser()
                .userRecordName
        } catch {
            throw Failure.refused("\(error)")
        }
        try LoginCommand.keep(token, context)
        context.stdout.line("The cloud knows this device as user \(user).")
        if port != nil {
            // The fixed callback carried no proof that this login started the sign-in: say who.
            context.stdout.line("(Signed in through the callback on port \(listener.port): check that is you.)")
        }
    }

    /// The `redirectURL` of `users/current` asked without a token.
    private static func signInPage(_ configuration: CloudConfiguration) async throws(Failure) -> String {
        do {
            let user = try await CloudDatabase(configuration: configuration, retryPolicy: .never).currentUser()
            throw Failure.noSignInPage("users/current answered \(user.userRecordName) without a token")
        } catch let error as CloudError {
            guard case .server(let body, _) = error, body.serverErrorCode == .authenticationRequired,
                let page = body.redirectURL, !page.isEmpty
            else { throw .noSignInPage("users/current: \(error)") }
            return page
        } catch let error as Failure {
            throw error
        } catch {
            throw .noSignInPage("\(error)")
        }
    }

    /// The sign-in page with `callback` added to its query.
    static func address(of page: String, callback: String) throws(Failure) -> String {
        guard var parts = URLComponents(string: page), parts.scheme == "http" || parts.scheme == "https" else {
            throw .noSignInPage("its redirectURL is not a web address")
        }
        parts.queryItems = (parts.queryItems ?? []) + [URLQueryItem(name: "callback", value: callback)]
        // `URLQueryItem` leaves `&`, `=`, `?` and `/` of the value as they are; `&` and `=` would
        // split the callback, so the query is encoded here.
        parts.percentEncodedQuery = parts.queryItems?.map { item in
            item.name + "=" + (item.value ?? "").addingPercentEncoding(withAllowedCharacters: queryValue)!
        }.joined(separator: "&")
        guard let url = parts.string else { throw .noSignInPage("its redirectURL is not a web address") }
        return url
    }

    private static let queryValue: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return allowed
    }()

    /// Waits on a thread of its own (the listener blocks in `poll`), not on the async pool.
    private static func wait(_ listener: CallbackListener, seconds: Int) async -> String? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        return await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: listener.waitForToken(until: deadline)) }.start()
        }
    }

    /// Opens `url` with `xdg-open` when a desktop session is running; otherwise (a server, an
    /// SSH session) the printed address is for the user to open.
    private static func openOnDesktop(_ url: String, _ environment: [String: String]) {
        let desktop = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        guard desktop,
            let opener = (environment["PATH"] ?? "").split(separator: ":").map({ "\($0)/xdg-open" })
                .first(where: FileManager.default.isExecutableFile(atPath:))
        else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
