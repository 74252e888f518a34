import FoundationEssentials
import Synchronization

/// What the parser found for one command line. Commands read options only through their typed
/// `Option`s (`try arguments.read(Self.limit)`); the raw words are internal to this module.
package struct ParsedArguments: Sendable {
    /// Option words as matched: values by option name (without dashes), and flags.
    struct Raw: Sendable {
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
    }

    var raw = Raw()
    /// The matched command path, e.g. ["sync", "status"].
    package internal(set) var commandPath: [String] = []
    package internal(set) var positionals: [String] = []
    /// `Usage: trips games [options]` — printed under a usage error.
    package internal(set) var usage: String = ""
    /// Records every option a command reads, when a test asks (see `OptionReadLog`).
    package var readLog: OptionReadLog?

    package init() {}

    /// The option's typed value; a value that does not fit it is a usage error.
    package func read<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
        readLog?.record(option.spec.name)
        return try option.value(in: self)
    }

    /// Whether the user typed the option at all (to tell a default from an explicit value).
    package func isGiven(_ option: some OptionDeclaration) -> Bool {
        readLog?.record(option.spec.name)
        return raw.flags.contains(option.spec.name) || raw.values[option.spec.name] != nil
    }

    package func error(_ kind: UsageError.Kind) -> UsageError { UsageError(kind: kind, usage: usage) }
}

/// The names of the options a command read: a test compares them with the options it declares,
/// so an option that is declared but ignored, or read but undeclared, fails the build's tests.
///
package final class OptionReadLog: Sendable {
    private let read = Mutex<Set<String>>([])

    package init() {}

    func record(_ name: String) {
        _ = read.withLock { $0.insert(name) }
    }

    package var names: Set<String> {
        read.withLock { $0 }
    }
}
