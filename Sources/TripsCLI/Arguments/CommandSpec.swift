/// A command as data: its name, help text, options and subcommands. The parser matches
/// arguments against it and `HelpText` renders it, so help never drifts from behaviour.
package struct CommandSpec: Sendable {
    package var name: String
    /// One line, shown in the parent's command list.
    package var summary: String
    /// Shown under USAGE after the command path, e.g. `[options]` or `NAME`.
    package var usage: String = "[options]"
    /// A paragraph or two for `--help`.
    package var discussion: String = ""
    package var options: [OptionSpec] = []
    package var subcommands: [CommandSpec] = []
    /// Positional arguments allowed (0 = none).
    package var maxPositionals: Int = 0
    package var examples: [String] = []

    package func subcommand(_ name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}
