import InputText

/// Matches `argv` against a `CommandSpec` tree. Options may come before or after the
/// subcommand; `--name=value` and `--name value` both work; `--` ends options. The global
/// options (`--help`, `--store` …) are accepted by every command.
package struct ArgumentParser<Context> {
    package var root: CommandSpec<Context>
    package var globalOptions: [OptionSpec]

    package init(root: CommandSpec<Context>, globalOptions: [any OptionDeclaration]) {
        self.root = root
        self.globalOptions = globalOptions.map(\.spec)
    }

    package func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var command = root
        var path: [String] = []
        parsed.usage = usageLine(path: [], command: root)
        var index = 0
        var optionsEnded = false

        func options() -> [OptionSpec] { command.options + globalOptions }

        while index < arguments.count {
            let arg = arguments[index]
            index += 1
            if !optionsEnded, arg == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded, arg.hasPrefix("-"), arg != "-" {
                let (spec, inlineValue) = try match(arg, in: options(), parsed: parsed)
                switch spec.arity {
                case .flag:
                    if inlineValue != nil { throw parsed.error(.unexpectedArgument(arg)) }
                    parsed.raw.flags.insert(spec.name)
                case .single, .repeatable:
                    let value: String
                    if let inlineValue {
                        value = inlineValue
                    } else if index < arguments.count, !Self.looksLikeOption(arguments[index]) {
                        value = arguments[index]
                        index += 1
                    } else {
                        throw parsed.error(.missingValue("--\(spec.name)"))
                    }
                    // `--sport ""` names nothing: refused rather than read as "no filter".
                    if value.trimmed.isEmpty { throw parsed.error(.missingValue("--\(spec.name)")) }
                    if spec.arity == .single, parsed.raw.values[spec.name] != nil {
                        throw parsed.error(.repeated("--\(spec.name)"))
                    }
                    parsed.raw.values[spec.name, default: []].append(value)
                }
                continue
            }
            // A word: a subcommand (only before any positional), else a positional.
            if parsed.positionals.isEmpty, !command.subcommands.isEmpty, !optionsEnded {
                guard let sub = command.subcommand(arg) else {
                    if command.maxPositionals > 0 {
                        parsed.positionals.append(arg)
                        continue
                    }
                    let names = command.visibleSubcommands.map(\.name)
                    let suggestion = names.min { EditDistance.between(arg, $0) < EditDistance.between(arg, $1) }
                        .flatMap { EditDistance.isPlausible(arg, $0) ? $0 : nil }
                    throw parsed.error(.unknownCommand(arg, suggestion: suggestion))
                }
                command = sub
                path.append(sub.name)
                parsed.commandPath = path
                parsed.usage = usageLine(path: path, command: command)
                if sub.verbatim { optionsEnded = true }
                continue
            }
            guard parsed.positionals.count < command.maxPositionals else {
                throw parsed.error(.unexpectedArgument(arg))
            }
            parsed.positionals.append(arg)
        }
        return parsed
    }

    /// `Usage: trips games [options]`.
    package func usageLine(path: [String], command: CommandSpec<Context>) -> String {
        (["Usage: \(root.name)"] + path + [
            command.subcommands.isEmpty || command.action != nil ? command.usage : "<command> [options]"
        ])
        .filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func looksLikeOption(_ text: String) -> Bool {
        text.hasPrefix("--") || (text.hasPrefix("-") && text.count == 2 && !(text.last?.isNumber ?? false))
    }

    private func match(_ arg: String, in specs: [OptionSpec], parsed: ParsedArguments) throws(UsageError)
        -> (OptionSpec, String?)
    {
        if arg.hasPrefix("--") {
            let body = arg.dropFirst(2)
            let name: Substring
            var inline: String?
            if let eq = body.firstIndex(of: "=") {
                name = body[..<eq]
                inline = String(body[body.index(after: eq)...])
            } else {
                name = body
            }
            if let spec = specs.first(where: { $0.name == name }) { return (spec, inline) }
            let suggestion = specs.map(\.name).min {
                EditDistance.between(String(name), $0) < EditDistance.between(String(name), $1)
            }.flatMap { EditDistance.isPlausible(String(name), $0) ? "--\($0)" : nil }
            throw parsed.error(.unknownOption("--\(name)", suggestion: suggestion))
        }
        // `-h`, `-v`: single-letter short options.
        if arg.count == 2, let letter = arg.last, let spec = specs.first(where: { $0.short == letter }) {
            return (spec, nil)
        }
        throw parsed.error(.unknownOption(arg, suggestion: nil))
    }
}
