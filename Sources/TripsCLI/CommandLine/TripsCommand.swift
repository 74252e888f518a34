import ArgumentParsing

/// The spec tree of `trips`: every node's action gets the run's `CLIContext`.
package typealias TripsCommandSpec = CommandSpec<CLIContext>

/// A `trips` command as a type: its `spec` declares the options, `init` reads every one of them
/// typed — so a bad number, date or choice fails before any work — and `run` does the work.
/// `CommandLineContractTests` checks that `init` reads exactly the options the spec declares.
package protocol TripsCommand: SendableMetatype {
    static var spec: TripsCommandSpec { get }
    @MainActor init(_ arguments: ParsedArguments, context: CLIContext) throws
    @MainActor func run(_ context: CLIContext) async throws
}

extension TripsCommand {
    /// What the spec tree runs for this command.
    package static var action: TripsCommandSpec.Action {
        { arguments, context in try await Self(arguments, context: context).run(context) }
    }
}

/// Options every command accepts (DESIGN §8 "Global"), read by `TripsCommandLine.run`.
package enum GlobalOptions {
    static let store = Option<String?>.value(
        "store", "PATH", "Use the store at PATH (default $TRIPS_HOME/trips.sqlite)"
    ).completing(.files)
    static let noColor = Option<Bool>.flag("no-color", "Never colour the output (also: NO_COLOR=1)")
    static let help = Option<Bool>.flag("help", short: "h", "Show help for the command")
    static let version = Option<Bool>.flag("version", "Show the version (with --verbose: data credits)")
    static let verbose = Option<Bool>.flag("verbose", short: "v", "Say more")

    package static let all: [any OptionDeclaration] = [store, noColor, help, version, verbose]
}
