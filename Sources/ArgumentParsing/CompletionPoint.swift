/// Where the cursor stands in a command line being typed, and what may go there. The hidden
/// completion command reads it with the parser's own matching rules — options before or after
/// the subcommand, `--name=value`, `--` — but an unknown or misplaced word never fails: it is
/// passed over, so TAB always answers.
package struct CompletionPoint: Sendable, Equatable {
    package enum Slot: Sendable, Equatable {
        /// A subcommand of the command at `path`.
        case subcommands
        /// An option of the command at `path` (its own and the global ones).
        case options
        /// The value of this option.
        case value(OptionSpec)
        /// A positional argument, with what its command declares for it.
        case positional(CompletionValues)
        /// Nothing the specs know of (free text).
        case nothing
    }

    /// The command path typed so far (`["sync", "status"]`).
    package var path: [String]
    package var slot: Slot
    /// The word being completed as typed so far; for `--team=HO`, only `HO`.
    package var partial: String
    /// Values of the options typed before it, by option name, so a lookup may narrow on them
    /// (teams of the `--sport` given) or find the store (`--store`).
    package var given: [String: [String]]

    /// The candidates that start with `partial`: with its letter case if any do (`HO` → `HOU`),
    /// else ignoring case, so a shell never replaces what was typed with a shorter prefix.
    package func matching(_ candidates: [String]) -> [String] {
        let exact = candidates.filter { $0.hasPrefix(partial) }
        if !exact.isEmpty { return exact }
        let lowered = partial.lowercased()
        return candidates.filter { $0.lowercased().hasPrefix(lowered) }
    }
}

extension ArgumentParser {
    /// The completion point of `words` — the command line after the program's name, the last
    /// word the one being typed (empty right after a space).
    package func completionPoint(_ words: [String]) -> CompletionPoint {
        var command = root
        var path: [String] = []
        var given: [String: [String]] = [:]
        var positionals = 0
        var optionsEnded = false
        var pending: OptionSpec?
        let typed = Array(words.dropLast())
        var partial = words.last ?? ""
        var index = 0

        func option(_ word: String) -> OptionSpec? {
            let specs = command.options + globalOptions
            if word.hasPrefix("--") { return specs.first { $0.name == word.dropFirst(2) } }
            return word.count == 2 ? specs.first { $0.short == word.last } : nil
        }

        while index < typed.count {
            let word = typed[index]
            index += 1
            if !optionsEnded, word == "--" {
                optionsEnded = true
            } else if !optionsEnded, word.hasPrefix("-"), word != "-" {
                let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
                guard let spec = option(name), spec.arity != .flag else { continue }
                if name != word {
                    given[spec.name, default: []].append(String(word.dropFirst(name.count + 1)))
                } else if index == typed.count {
                    pending = spec
                } else if !Self.looksLikeOption(typed[index]) {
                    given[spec.name, default: []].append(typed[index])
                    index += 1
                }
            } else if positionals == 0, !optionsEnded, let sub = command.subcommand(word) {
                command = sub
                path.append(word)
                if sub.verbatim { optionsEnded = true }
            } else {
                positionals += 1
            }
        }

        let slot: CompletionPoint.Slot
        if let pending, !Self.looksLikeOption(partial) {
            slot = .value(pending)
        } else if !optionsEnded, partial.hasPrefix("--"), let equals = partial.firstIndex(of: "=") {
            let spec = option(String(partial[..<equals]))
            slot = spec.map { $0.arity == .flag ? .nothing : .value($0) } ?? .nothing
            partial = String(partial[partial.index(after: equals)...])
        } else if !optionsEnded, partial.hasPrefix("-") {
            slot = .options
        } else if positionals == 0, !optionsEnded, !command.visibleSubcommands.isEmpty {
            slot = .subcommands
        } else if positionals < min(command.positionalValues.count, command.maxPositionals),
            command.positionalValues[positionals] != .none
        {
            slot = .positional(command.positionalValues[positionals])
        } else {
            slot = partial.isEmpty && !optionsEnded ? .options : .nothing
        }
        return CompletionPoint(path: path, slot: slot, partial: partial, given: given)
    }

    /// What the specs offer at `point`: subcommand or option names, an option's or a
    /// positional's declared values.
    package func offered(at point: CompletionPoint) -> CompletionValues {
        let command = root.command(at: point.path)
        switch point.slot {
        case .subcommands: return .choices(command.visibleSubcommands.map(\.name))
        case .options: return .choices((command.options + globalOptions).map { "--\($0.name)" })
        case .value(let spec): return spec.values
        case .positional(let values): return values
        case .nothing: return .none
        }
    }
}
