import FoundationEssentials

extension ArgumentParser {
    /// `--help` for the command at `path`, rendered from its spec, so help always lists exactly
    /// what the parser accepts.
    package func help(for path: [String]) -> String {
        let command = root.command(at: path)
        let usage = usageLine(path: path, command: command).replacingFirst("Usage:", with: "USAGE:")
        var out = Self.hanging("USAGE: ", String(usage.dropFirst("USAGE: ".count)))
        out += "\n" + Self.wrap(command.summary, width: Self.helpWidth).joined(separator: "\n") + "\n"
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
            out += "\nEXAMPLES:\n" + command.examples.map { Self.continued($0) }.joined()
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

    /// Help is read on terminals: every line fits this many columns. An example too long for
    /// one line goes on over several with the shell's ` \` continuation, so it is still copied
    /// and pasted as one command.
    package static var helpWidth: Int { 80 }

    /// An example command, indented, broken between shell words (a quoted word stays whole)
    /// with ` \` before each break and the next line indented further.
    static func continued(_ command: String) -> String {
        let lead = "  "
        let more = "      "
        var lines: [String] = []
        var line = lead
        for word in units(shellWords(command)) {
            let room = helpWidth - 2  // " \" ends a line that goes on
            if line != lead && line != more && line.count + 1 + word.count > room {
                lines.append(line + " \\")
                line = more
            }
            line += (line == lead || line == more ? "" : " ") + word
        }
        lines.append(line)
        return lines.map { $0 + "\n" }.joined()
    }

    /// Words kept together on a line: an option with its value (`--start "Boston, MA"`).
    static func units(_ words: [String]) -> [String] {
        var out: [String] = []
        for word in words {
            if let last = out.last, last.hasPrefix("-"), !last.contains(" "), !word.hasPrefix("-") {
                out[out.count - 1] = last + " " + word
            } else {
                out.append(word)
            }
        }
        return out
    }

    /// `command` split at the spaces outside quotes, each word as written (its quotes kept).
    static func shellWords(_ command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var escaped = false
        for c in command {
            if escaped {
                word.append(c)
                escaped = false
            } else if c == "\\" && quote != "'" {
                word.append(c)
                escaped = true
            } else if let open = quote {
                word.append(c)
                if c == open { quote = nil }
            } else if c == "\"" || c == "'" {
                word.append(c)
                quote = c
            } else if c == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(c)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

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
