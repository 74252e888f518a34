import ArgumentParsing
import FoundationEssentials
import Glibc
import InputText
import OutputText
import TripsInput
import TripsModel
import TripsRender
import TripsStore

/// `trips config get|set|unset|list`: the cloud settings in `config.json` beside the store
/// (mode 0600), with the environment variables that override them. Tokens are never printed.
enum ConfigCommand {
    private static let keyList = ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")
    /// What TAB offers for KEY.
    private static let keys = CompletionValues.choices(ConfigKey.allCases.map(\.rawValue))

    static let spec = TripsCommandSpec(
        name: "config", summary: "Show or change settings (the cloud to sync with, home, scores)",
        discussion: """
            Settings live in config.json beside the store (readable only by you). Environment
            variables override them: TRIPS_CLOUD_URL, TRIPS_CLOUD_CONTAINER, TRIPS_CLOUD_ENVIRONMENT,
            TRIPS_CLOUD_API_TOKEN, TRIPS_CLOUD_WEB_AUTH_TOKEN. Keys: \(keyList).
            Tokens, and a password in cloud.url, are never shown. `trips config set KEY -` reads
            the value from stdin (not echoed on a terminal), keeping it out of argv and shell history.
            """,
        subcommands: [
            keyCommand("get", "Print one setting's effective value") { try get($0, $1) },
            TripsCommandSpec(
                name: "set", summary: "Store a setting (VALUE '-' reads it from stdin, not echoed on a terminal)",
                usage: "KEY VALUE|-", maxPositionals: 2, positionalValues: [keys], action: { try set($0, $1) }),
            keyCommand("unset", "Remove a stored setting") { try unset($0, $1) },
            TripsCommandSpec(
                name: "list", summary: "Every setting with its value and where it comes from",
                action: { try list($0, $1) }),
        ],
        examples: [
            "trips config set cloud.url http://127.0.0.1:8080",
            "trips config set cloud.container iCloud.trips.local",
            "trips config set cloud.apiToken -",
            "trips config set scores off",
            "trips config list",
        ])

    /// A subcommand whose one argument is a KEY.
    private static func keyCommand(
        _ name: String, _ summary: String, action: @escaping TripsCommandSpec.Action
    ) -> TripsCommandSpec {
        TripsCommandSpec(
            name: name, summary: summary, usage: "KEY", maxPositionals: 1, positionalValues: [keys], action: action)
    }

    static func get(_ args: ParsedArguments, _ context: CLIContext) throws {
        let key = try self.key(args, positionals: 1)
        let entry = try settings(context).entry(key)
        guard let value = entry.displayValue else { throw InputError.other("\(key.rawValue) is not set") }
        context.stdout.line(value.terminalSafe)
    }

    static func set(_ args: ParsedArguments, _ context: CLIContext) throws {
        let key = try self.key(args, positionals: 2)
        let typed = args.positionals[1]
        if key == .cloudWebAuthToken && typed != "-" {
            // The fan's own credential never sits in argv (`ps`, the shell's history).
            throw InputError.refused(
                "a web auth token is not taken from the command line, where `ps` and your shell's history keep it: "
                    + "`trips login`, or `trips config set cloud.webAuthToken -` and paste it")
        }
        let value = try key.validate(typed == "-" ? try valueFromStandardInput(key, context) : typed)
        try ConfigFile(path: context.storeLocation.configPath).update(key, to: value)
        // Say what was saved, so a fan sees it took — shown as `config get` shows it (secrets and
        // a password in the URL redacted).
        context.stdout.line("\(key.rawValue) = \(key.displayed(value))".terminalSafe)
        noteOverride(key, context)
    }

    static func unset(_ args: ParsedArguments, _ context: CLIContext) throws {
        let key = try self.key(args, positionals: 1)
        try ConfigFile(path: context.storeLocation.configPath).update(key, to: nil)
        noteOverride(key, context)
    }

    static func list(_ args: ParsedArguments, _ context: CLIContext) throws {
        var table = TextTable(headers: ["KEY", "VALUE", "FROM"])
        for entry in try settings(context).entries {
            table.add([entry.key.rawValue, entry.displayValue ?? "-", entry.source.description])
        }
        context.stdout.write(table.render(style: context.style))
    }

    /// `config set KEY -`: the value from stdin, so a token never sits in argv (visible in
    /// `ps`) or in the shell's history.
    private static func valueFromStandardInput(_ key: ConfigKey, _ context: CLIContext) throws -> String {
        let line = HiddenInput.readLine(prompt: "\(key.rawValue): ", context: context)
        guard let line, !line.trimmed.isEmpty else {
            throw InputError.other("no value for \(key.rawValue) on standard input")
        }
        return line
    }

    private static func settings(_ context: CLIContext) throws -> SyncSettings {
        try SyncSettings.load(configPath: context.storeLocation.configPath, environment: context.environment)
    }

    private static func key(_ args: ParsedArguments, positionals: Int) throws -> ConfigKey {
        guard args.positionals.count == positionals else {
            throw args.error(.missingRequired(positionals == 2 ? "KEY and VALUE" : "KEY"))
        }
        guard let key = ConfigKey(name: args.positionals[0]) else { throw ConfigError.unknownKey(args.positionals[0]) }
        return key
    }

    private static func noteOverride(_ key: ConfigKey, _ context: CLIContext) {
        if let name = key.environmentVariable, let value = context.environment[name], !value.isEmpty {
            context.stderr.line("note: \(name) is set and overrides \(key.rawValue)")
        }
    }
}

extension ConfigError: ExitCodeProviding {
    package var exitCode: Int32 { isUsageError ? ExitStatus.usage : ExitStatus.failure }
}
