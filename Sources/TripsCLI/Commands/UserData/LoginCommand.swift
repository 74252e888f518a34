import ArgumentParsing
import InputText
import TripsInput
import TripsStore

/// `trips login` / `trips logout`: the web auth token that lets `trips sync` carry your user
/// data (saved trips, favourites, visits) between devices. Got from the cloud's sign-in page
/// (`BrowserSignIn` in TripsSyncCLI), a hidden prompt or stdin, never from the command line; kept in config.json (mode 0600); never printed. `login` asks the
/// cloud whether it knows the token, so it runs in `trips-sync` (the executable with HTTP): here
/// it only hands off, before reading anything, and `trips-sync` reads, checks and keeps it.
package enum LoginCommand {
    package enum Options {
        package static let browser = Option<Bool>.flag(
            "browser", "Sign in on the cloud's web page (default on a terminal)")
        package static let pasteToken = Option<Bool>.flag(
            "paste-token", "Type or paste a web auth token, not echoed, instead")
        package static let timeout = Option<Int?>.int(
            "timeout", "SECONDS", in: 1...86_400, "How long to wait for the browser (default 300)")
        package static let port = Option<Int?>.int(
            "port", "N", in: 1024...65_535,
            "Wait for the browser on this loopback port: the one in your CloudKit API token's sign-in callback")
    }

    /// How long `trips login` waits for the browser when --timeout is not given.
    package static let defaultTimeoutSeconds = 300

    static let login = TripsCommandSpec(
        name: "login", summary: "Sign in so your trips, favourites and visits sync between devices",
        usage: "[--browser [--timeout SECONDS] [--port N] | --paste-token]",
        discussion: """
            On a terminal, signs in on the cloud's web page, as CloudKit does: prints
            its address (and opens it on a desktop), waits on a loopback port of this
            machine for the browser to come back with a token, and checks it with the
            cloud. --timeout ends the wait (exit 1). A token on standard input is read
            instead (`trips login < token.txt`, for scripts); --paste-token asks for
            one without echoing it (from `trips-cloud user add NAME`). The token is
            kept in config.json beside the store, readable only by you, never shown.
            A token the configured cloud does not know is refused.

            CloudKit itself sends the browser back to the sign-in callback set on its API
            token (CloudKit Console → API Access → the token → Sign in Callback: a URL such
            as http://127.0.0.1:8737/callback), not to the one trips offers: give that port
            with --port 8737. That callback cannot carry trips' check that this login
            started the sign-in, so the token is accepted only while trips waits, and the
            user it signs in is said.
            """,
        options: [Options.browser, Options.pasteToken, Options.timeout, Options.port],
        action: LoginHandOff.action)

    static let logout = TripsCommandSpec(
        name: "logout", summary: "Sign out: forget the token, keep your data on this device",
        action: { try signOut($0, $1) })

    /// The token from the hidden prompt or standard input, validated as a setting.
    package static func readToken(_ context: CLIContext) throws -> String {
        let line = HiddenInput.readLine(prompt: "Web auth token: ", context: context)
        guard let line, !line.trimmed.isEmpty else { throw InputError.other("no token on standard input") }
        return try ConfigKey.cloudWebAuthToken.validate(line)
    }

    /// Keeps the token and says what signing in means now.
    package static func keep(_ token: String, _ context: CLIContext) throws {
        try ConfigFile(path: context.storeLocation.configPath).update(.cloudWebAuthToken, to: token)
        let pending = try context.store().pendingUserChanges()
        context.stdout.line(
            "Signed in. `trips sync` now carries your saved trips, favourites and visits"
                + (pending > 0 ? " (\(pending) change\(pending == 1 ? "" : "s") waiting)." : "."))
        if context.environment["TRIPS_CLOUD_WEB_AUTH_TOKEN"].map({ !$0.isEmpty }) == true {
            context.stderr.line("note: TRIPS_CLOUD_WEB_AUTH_TOKEN is set and overrides the stored token")
        }
    }

    static func signOut(_ args: ParsedArguments, _ context: CLIContext) throws {
        try ConfigFile(path: context.storeLocation.configPath).update(.cloudWebAuthToken, to: nil)
        context.stdout.line("Signed out. Your saved trips, favourites and visits stay on this device.")
    }
}

/// Where `trips login` gets the token: its options, and whether standard input is a terminal
/// (a person: the browser, unless they ask to paste) or a pipe or file (a script with the token
/// on stdin, unless --browser says otherwise). Read in `trips` (usage errors before the hand-off)
/// and again in `trips-sync`.
package struct LoginOptions: Sendable, Equatable {
    package enum Source: Sendable, Equatable {
        /// `port`: a fixed loopback port (CloudKit's configured callback); nil: any free one.
        case browser(timeoutSeconds: Int, port: UInt16?)
        case input
    }

    package var source: Source

    package init(_ arguments: ParsedArguments, stdinIsTerminal: Bool) throws(UsageError) {
        let browser = try arguments.read(LoginCommand.Options.browser)
        let paste = try arguments.read(LoginCommand.Options.pasteToken)
        let timeout = try arguments.read(LoginCommand.Options.timeout)
        let port = try arguments.read(LoginCommand.Options.port)
        if browser && paste { throw arguments.error(.conflicting("--browser", "--paste-token")) }
        if browser || (stdinIsTerminal && !paste) {
            // In range by the option's bounds (1024…65535), so the conversion cannot trap.
            source = .browser(
                timeoutSeconds: timeout ?? LoginCommand.defaultTimeoutSeconds,
                port: port.flatMap { UInt16(exactly: $0) })
        } else if timeout != nil || port != nil {
            throw arguments.error(
                .missingRequired("--browser (\(timeout != nil ? "--timeout" : "--port") applies to it)"))
        } else {
            source = .input
        }
    }
}

/// `trips login` inside `trips`: checks the options, then hands off to `trips-sync`, which
/// signs in (it links the HTTP client).
struct LoginHandOff: TripsCommand {
    static var spec: TripsCommandSpec { LoginCommand.login }

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        _ = try LoginOptions(arguments, stdinIsTerminal: context.stdinIsTerminal)
    }

    func run(_ context: CLIContext) {
        context.handOff = .sync
    }
}
