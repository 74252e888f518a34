/// A command as data: its name, help text, options and subcommands. The parser matches
/// arguments against it and `HelpText` renders it, so help never drifts from behaviour.
struct CommandSpec: Sendable {
    var name: String
    /// One line, shown in the parent's command list.
    var summary: String
    /// Shown under USAGE after the command path, e.g. `[options]` or `NAME`.
    var usage: String = "[options]"
    /// A paragraph or two for `--help`.
    var discussion: String = ""
    var options: [OptionSpec] = []
    var subcommands: [CommandSpec] = []
    /// Positional arguments allowed (0 = none).
    var maxPositionals: Int = 0
    var examples: [String] = []

    func subcommand(_ name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}
