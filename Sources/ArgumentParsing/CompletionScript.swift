/// The shells a completion script can be written for.
package enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

/// A shell's completion script, generated from the command tree: the commands, their options
/// and fixed values are written into the script, so a new command or option completes with no
/// code of its own; values only the program knows are asked at TAB time from its hidden
/// completion command (`trips __complete WORDS…`), which finds them with the parser's rules.
///
/// Each script reads the words before the cursor the same way (`completionPoint` is the Swift
/// twin): subcommands descend until the first positional, an option that takes a value skips
/// its value, `--` ends options; then the last word is an option's value, an option, a
/// subcommand or a positional.
package struct CompletionScript<Context> {
    /// One visible command as the scripts know it.
    struct Node {
        /// The command path, words joined by spaces; "" for the program itself.
        var path: String
        var subcommands: [(name: String, summary: String)]
        /// Its own options, then the global ones.
        var options: [OptionSpec]
    }

    /// Where a script finds values: written into it, the shell's files, or the program.
    enum Source: Equatable {
        case choices([String])
        case files
        case program

        init?(_ values: CompletionValues) {
            switch values {
            case .none: return nil
            case .choices(let words): self = .choices(words)
            case .files: self = .files
            case .dynamic: self = .program
            }
        }
    }

    /// Keys that offer values from the same source, in the form `path|--option` or `path|N`
    /// (the N-th positional, from 0); a global option's key is `*|--option`, for every path.
    struct ValueRule {
        var keys: [String]
        var source: Source
    }

    let program: String
    /// The hidden command that lists data values.
    let completer: String
    let nodes: [Node]
    let rules: [ValueRule]

    package init(parser: ArgumentParser<Context>, completer: String) {
        program = parser.root.name
        self.completer = completer
        nodes = parser.root.visibleWalk().map { path, command in
            Node(
                path: path.joined(separator: " "),
                subcommands: command.visibleSubcommands.map { ($0.name, $0.summary) },
                options: command.options + parser.globalOptions)
        }
        var rules: [ValueRule] = []
        func add(_ key: String, _ values: CompletionValues) {
            guard let source = Source(values) else { return }
            if let index = rules.firstIndex(where: { $0.source == source }) {
                rules[index].keys.append(key)
            } else {
                rules.append(ValueRule(keys: [key], source: source))
            }
        }
        for (path, command) in parser.root.visibleWalk() {
            let prefix = path.joined(separator: " ")
            for option in command.options { add("\(prefix)|--\(option.name)", option.values) }
            for (index, values) in command.positionalValues.enumerated() { add("\(prefix)|\(index)", values) }
        }
        for option in parser.globalOptions { add("*|--\(option.name)", option.values) }
        self.rules = rules
    }

    package func render(_ shell: Shell) -> String {
        switch shell {
        case .bash: return bash
        case .zsh: return zsh
        case .fish: return fish
        }
    }

    /// Each rule's keys with what a script says for its source.
    func actions(choices: ([String]) -> String, files: String, program: String) -> [(keys: [String], action: String)] {
        rules.map { rule in
            switch rule.source {
            case .choices(let words): return (rule.keys, choices(words))
            case .files: return (rule.keys, files)
            case .program: return (rule.keys, program)
            }
        }
    }

    /// The prefix of the script's functions: `_trips`, `_trips_cloud`.
    var function: String { "_" + program.map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined() }

    /// The names (with dashes, short ones too) of a node's options that take a value.
    static func valued(_ node: Node) -> [String] {
        node.options.filter { $0.arity != .flag }.flatMap { option in
            ["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? [])
        }
    }

    /// A `case` pattern matching a rule's keys, in the sh syntax bash and zsh share
    /// (`'games|--team'|'export|--team'`, `*'|--store'`).
    static func pattern(_ keys: [String]) -> String {
        keys.map { $0.hasPrefix("*") ? "*" + ShellQuote.single(String($0.dropFirst())) : ShellQuote.single($0) }
            .joined(separator: "|")
    }
}
