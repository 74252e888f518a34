/// A command as data: its name, help text, options, subcommands and what runs it. The parser
/// matches arguments against the tree, `HelpText` renders it, and the matched node's `action`
/// runs — so help, parsing and dispatch can never disagree.
///
/// `Context` is what the program hands every action (the streams, the clock, the store's
/// location); the tree is generic so each executable keeps its own.
package struct CommandSpec<Context>: Sendable {
    /// Runs the command the parser matched.
    package typealias Action = @MainActor @Sendable (ParsedArguments, Context) async throws -> Void

    package var name: String
    /// One line, shown in the parent's command list.
    package var summary: String
    /// Shown under USAGE after the command path, e.g. `[options]` or `NAME`.
    package var usage: String
    /// A paragraph or two for `--help`.
    package var discussion: String
    package var options: [OptionSpec]
    package var subcommands: [CommandSpec]
    /// Positional arguments allowed (0 = none).
    package var maxPositionals: Int
    /// What TAB offers for each positional argument, in order (`config get KEY`: the keys).
    package var positionalValues: [CompletionValues]
    package var examples: [String]
    /// Left out of help, completions and the man page: plumbing for the shell scripts.
    package var hidden: Bool
    /// Every word after the command is a positional, even `--help` or `--`: for a command that
    /// reads another command line (`trips __complete games --team HO`).
    package var verbatim: Bool
    /// Nil for a group (`trips config`), which only lists its subcommands.
    package var action: Action?

    package init(
        name: String, summary: String, usage: String = "[options]", discussion: String = "",
        options: [any OptionDeclaration] = [], subcommands: [CommandSpec] = [], maxPositionals: Int = 0,
        positionalValues: [CompletionValues] = [], examples: [String] = [], hidden: Bool = false,
        verbatim: Bool = false, action: Action? = nil
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.discussion = discussion
        self.options = options.map(\.spec)
        self.subcommands = subcommands
        self.maxPositionals = maxPositionals
        self.positionalValues = positionalValues
        self.examples = examples
        self.hidden = hidden
        self.verbatim = verbatim
        self.action = action
    }

    /// The subcommands a user is shown (help, completions, the man page).
    package var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.hidden } }

    package func subcommand(_ name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The command a path names; the deepest match (for help on a partly valid path).
    package func command(at path: [String]) -> CommandSpec {
        var command = self
        for name in path { if let sub = command.subcommand(name) { command = sub } }
        return command
    }

    /// The same tree with one command's action replaced: `trips-sync` runs `trips`'s command
    /// line with the real `sync`.
    package func replacingAction(at path: [String], with action: @escaping Action) -> CommandSpec {
        var copy = self
        guard let first = path.first else {
            copy.action = action
            return copy
        }
        copy.subcommands = subcommands.map {
            $0.name == first ? $0.replacingAction(at: Array(path.dropFirst()), with: action) : $0
        }
        return copy
    }

    /// Every command in the tree with its path, depth first (for tests and generated docs).
    package func walk(_ path: [String] = []) -> [(path: [String], command: CommandSpec)] {
        [(path, self)] + subcommands.flatMap { $0.walk(path + [$0.name]) }
    }

    /// `walk` without hidden commands and what is below them: what a user is shown.
    package func visibleWalk(_ path: [String] = []) -> [(path: [String], command: CommandSpec)] {
        [(path, self)] + visibleSubcommands.flatMap { $0.visibleWalk(path + [$0.name]) }
    }
}
