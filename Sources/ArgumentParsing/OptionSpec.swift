/// One command-line option as data: the parser matches against it and the help text lists it.
/// Commands never build these directly; they declare a typed `Option`, which carries one.
package struct OptionSpec: Sendable, Hashable {
    package enum Arity: Sendable, Hashable {
        /// `--home`: present or not.
        case flag
        /// `--from DATE`: one value; giving it twice is a usage error.
        case single
        /// `--team T` (repeatable) and comma lists: every value is kept, in order.
        case repeatable
    }

    package var name: String
    package var short: Character?
    package var arity: Arity
    /// Shown in help after the name: `--from DATE`.
    package var placeholder: String
    package var help: String
    /// What TAB offers for the value (`Option.completing`); a flag has none.
    package var values: CompletionValues = .none

    /// `--sport LIST`, `-h, --help`.
    package var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if arity != .flag { text += " \(placeholder)" }
        return text
    }
}
