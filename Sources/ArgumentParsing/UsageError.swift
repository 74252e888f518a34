/// The command line does not fit the command: exit 2 with the command's usage line.
package struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Kind: Sendable, Hashable {
        case unknownOption(String, suggestion: String?)
        case missingValue(String)
        case repeated(String)
        case unexpectedArgument(String)
        case unknownCommand(String, suggestion: String?)
        case missingCommand(among: [String])
        case invalidValue(option: String, value: String, reason: String)
        case missingRequired(String)
        case conflicting(String, String)
    }

    package var kind: Kind
    /// `trips games [options]` — printed on the next line.
    package var usage: String

    package init(kind: Kind, usage: String) {
        self.kind = kind
        self.usage = usage
    }

    package var message: String {
        switch kind {
        case .unknownOption(let name, let suggestion):
            return "unknown option '\(name)'" + (suggestion.map { " — did you mean \($0)?" } ?? "")
        case .missingValue(let name): return "option \(name) needs a value"
        case .repeated(let name): return "option \(name) was given more than once"
        case .unexpectedArgument(let arg): return "unexpected argument '\(arg)'"
        case .unknownCommand(let name, let suggestion):
            return "unknown command '\(name)'" + (suggestion.map { " — did you mean '\($0)'?" } ?? "")
        case .missingCommand(let names): return "missing command — one of: \(names.joined(separator: ", "))"
        case .invalidValue(let option, let value, let reason):
            return "invalid value '\(value)' for \(option): \(reason)"
        case .missingRequired(let what): return "missing \(what)"
        case .conflicting(let a, let b): return "\(a) and \(b) cannot be used together"
        }
    }

    package var description: String { message }
}
