import FoundationEssentials

extension ArgumentParser {
    /// `--help` for the command at `path`, rendered from its spec, so help always lists exactly
    /// what the parser accepts.
    package func help(for path: [String]) -> String {
        let command = root.command(at: path)
        var out = usageLine(path: path, command: command).replacingFirst("Usage:", with: "USAGE:") + "\n"
        out += "\n" + command.summary + "\n"
        if !command.discussion.isEmpty { out += "\n" + Self.reflow(command.discussion) + "\n" }
        if !command.visibleSubcommands.isEmpty {
            out += "\nCOMMANDS:\n"
            let width = (command.visibleSubcommands.map(\.name.count).max() ?? 0) + 2
            for sub in command.visibleSubcommands {
                out += Self.hanging("  " + sub.name.padding(width), sub.summary)
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
                return left + "\n" + hanging(String(repeating: " ", count: width + 2), spec.help)
            }
            return hanging(left.padding(width + 2), spec.help)
        }.joined()
    }

    /// Help is read on terminals: its prose fits this many columns. Usage lines and examples
    /// stay whole, to be read and copied as one command each.
    package static var helpWidth: Int { 80 }

    /// `text` after `lead`, wrapped so every line fits `helpWidth`, continuation lines indented
    /// under the text's start (a word longer than the room stands alone on its line).
    static func hanging(_ lead: String, _ text: String) -> String {
        let indent = String(repeating: " ", count: lead.count)
        let lines = wrap(text, width: max(20, helpWidth - lead.count))
        return zip(lines.indices, lines).map { ($0 == 0 ? lead : indent) + $1 + "\n" }.joined()
    }

    /// The discussion's paragraphs (blank-line separated) re-wrapped to `helpWidth`: a spec is
    /// written once, however wide its source lines came out.
    static func reflow(_ discussion: String) -> String {
        discussion.components(separatedBy: "\n\n").map { paragraph in
            // A source line ending in "/" broke a path-like word ("displayDate/displayTime/"):
            // it joins the next line without a space.
            let joined = paragraph.split(separator: "\n").reduce(into: "") { text, line in
                text += (text.isEmpty || text.hasSuffix("/") ? "" : " ") + line
            }
            return wrap(joined, width: helpWidth).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// Greedy word wrap on spaces, by characters.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
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
