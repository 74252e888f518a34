import ArgumentParsing
import CloudKitClient
import Foundation
import TripsCLI
import TripsStore
import TripsSync

/// `trips login` as `trips-sync` runs it: signs in through the browser (`BrowserSignIn`) on a
/// terminal or with --browser; otherwise reads the token and asks the configured cloud
/// (`users/current`) whether it knows the token before keeping it (no cloud, or one without its
/// API token: refused, nothing kept). A token the cloud
/// refuses is not kept (it would only fail every later sync); a cloud that cannot be reached
/// leaves the check to the next `trips sync`, and says so.
enum LoginCheck {
    enum Refusal: Error, ExitCodeProviding, CustomStringConvertible {
        case unknownToken(reason: String)

        var exitCode: Int32 { ExitStatus.failure }

        var description: String {
            switch self {
            case .unknownToken(let reason):
                return "the cloud does not accept this token (\(reason)); nothing was changed — check it and try again"
            }
        }
    }

    static let action: TripsCommandSpec.Action = { arguments, context in
        if case .browser(let seconds, let port) = try LoginOptions(arguments, stdinIsTerminal: context.stdinIsTerminal)
            .source
        {
            try await BrowserSignIn.run(timeoutSeconds: seconds, port: port, context)
            return
        }
        let token = try LoginCommand.readToken(context)
        let settings = try SyncSettings.load(
            configPath: context.storeLocation.configPath, environment: context.environment)
        // No cloud, or one set only in part (no API token): nothing to sign in to or to check
        // the token with, so nothing is kept; the error says what to set.
        var configuration = try settings.cloudConfiguration()
        configuration.webAuthToken = token
        do {
            _ = try await CloudDatabase(configuration: configuration, retryPolicy: .never).currentUser()
        } catch let error as CloudError
            where error.serverErrorCode == .authenticationFailed || error.serverErrorCode == .authenticationRequired
        {
            throw Refusal.unknownToken(reason: "\(error)")
        } catch {
            context.stderr.line(
                "note: could not reach the cloud to check the token (\(error)); kept — `trips sync` will tell")
        }
        try LoginCommand.keep(token, context)
    }
}
