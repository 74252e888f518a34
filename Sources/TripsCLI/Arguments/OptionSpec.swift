/// One command-line option, declared as data: the parser and the help text both read it.
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

    package static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, arity: .flag, placeholder: "", help: help)
    }

    package static func value(_ name: String, _ placeholder: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, arity: .single, placeholder: placeholder, help: help)
    }

    package static func list(_ name: String, _ placeholder: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, arity: .repeatable, placeholder: placeholder, help: help)
    }

    /// `--sport LIST`, `-h, --help`.
    package var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if arity != .flag { text += " \(placeholder)" }
        return text
    }
}

/// Options every command accepts (DESIGN §8 "Global").
package enum GlobalOptions {
    package static let specs: [OptionSpec] = [
        .value("store", "PATH", "Use the store at PATH (default $TRIPS_HOME/trips.sqlite)"),
        .flag("no-color", "Never colour the output (also: NO_COLOR=1)"),
        .flag("help", short: "h", "Show help for the command"),
        .flag("version", "Show the version (with --verbose: data credits)"),
        .flag("verbose", short: "v", "Say more"),
    ]
}
