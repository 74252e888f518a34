/// What a shell may offer, on TAB, for an option's value or a positional argument. The shell
/// scripts and the man page are generated from these, so declaring it once, with the option,
/// keeps every surface in step.
package enum CompletionValues: Sendable, Hashable {
    /// Free text (a date, a number, a place): nothing to offer.
    case none
    /// A fixed list, written into the generated scripts.
    case choices([String])
    /// A path: the shell's own file completion.
    case files
    /// Values from the program's data (team codes, venues), asked at TAB time from its hidden
    /// completion command, since they change with every sync.
    case dynamic(DynamicValues)
}

/// A kind of value only the program can list, named so the scripts can pass it on. The program
/// declares its kinds (`extension DynamicValues { static let team = … }`); this module only
/// carries them, so it stays free of what any command is about.
package struct DynamicValues: Sendable, Hashable, CustomStringConvertible {
    package let name: String

    package init(_ name: String) { self.name = name }

    package var description: String { name }
}

extension Option {
    /// The same option, offering `values` on TAB (`Option.choice` offers its choices already).
    package func completing(_ values: CompletionValues) -> Self {
        var spec = spec
        spec.values = values
        return Self(spec, convert: convert)
    }
}
