import FoundationEssentials

extension ArgumentParser {
    /// `--help` for the command at `path`, rendered from its spec, so help always lists exactly
    /// what the parser accepts.
    package func help(for path: [String]) -> String {
        let command = root.command(at: path)
        var out = usageLine(path: path, command: command).replacingFirst("Usage:", with: "USAGE:") + "\n"
        out += "\n" + command.summary + "\n"
        if !command.discussion.isEmpty { out += "\n" + command.discussion + "\n" }
        if !command.visibleSubcommands.isEmpty {
            out += "\nCOMMANDS:\n"
            let width = (command.visibleSubcommands.map(\.name.count).max() ?? 0) + 2
            for sub in command.visibleSubcommands {
                out += "  " + sub.name.padding(width) + sub.summary + "\n"
            }
        }
        if !command.options.isEmpty {
            out += "\nOPTIONS:\n" + Self.table(command.options)
        }
        if !globalOptions.isEmpty {
            out += "\nGLOBAL OPTIONS:\n" + Self.table(globalOptions)
        }
        if !command.examples.isEmpty {
            out += "\nEXAMPLES:\n" + command.examples.map { "  \($0)\n" }.joined()
        }
        if !command.subcommands.isEmpty {
            out +=
                "\nSee '\(([root.name] + path + ["<command>"]).joined(separator: " ")) --help' for a command's options.\n"
        }
        return out
    }

    private static func table(_ specs: [OptionSpec]) -> String {
        let width = min(28, (specs.map(\.synopsis.count).max() ?? 0) + 2)
        return specs.map { spec in
            let left = "  " + spec.synopsis
            if left.count + 1 > width + 2 {
                return left + "\n" + String(repeating: " ", count: width + 2) + spec.help + "\n"
            }
            return left.padding(width + 2) + spec.help + "\n"
        }.joined()
    }
}

extension String {
    /// Left-aligned in a field of `width` characters (never truncated).
    package func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    package func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        var result = self
        result.replaceSubrange(range, with: replacement)
        return result
    }
}
