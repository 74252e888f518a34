import ArgumentParsing

/// `trips completions bash|zsh|fish`: the shell's completion script, generated from the
/// command tree (`CompletionScript`), so every command and option completes as soon as it
/// exists; team codes, venues, seasons and sports come from the store at TAB time.
struct CompletionsCommand: TripsCommand {
    static let spec = TripsCommandSpec(
        name: "completions", summary: "Print the completion script for bash, zsh or fish", usage: "bash|zsh|fish",
        discussion: """
            The script completes commands, options and their values: formats and other fixed
            choices, and — from the store, when you press TAB — sports, team codes and names,
            venues and seasons (`trips games --team HO<TAB>` offers HOU). `make install` puts the
            scripts where the shells look; or load one from the shell's startup file: in bash
            `source <(trips completions bash)`, in zsh (after compinit) `source <(trips completions zsh)`,
            in fish `trips completions fish | source`.
            """,
        maxPositionals: 1, positionalValues: [.choices(Shell.allCases.map(\.rawValue))],
        examples: ["trips completions bash", "trips completions zsh", "trips completions fish"],
        action: action)

    var shell: Shell

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        guard let name = arguments.positionals.first else {
            throw arguments.error(.missingRequired("SHELL: bash, zsh or fish"))
        }
        guard let shell = Shell(rawValue: name.lowercased()) else {
            throw arguments.error(
                .invalidValue(option: "SHELL", value: name, reason: "expected bash, zsh or fish"))
        }
        self.shell = shell
    }

    func run(_ context: CLIContext) {
        let script = CompletionScript(parser: TripsCommandLine.parser(), completer: CompleteCommand.spec.name)
        context.stdout.write(script.render(shell))
    }
}
