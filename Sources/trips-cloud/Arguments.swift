/// A mistake on `trips-cloud`'s command line: reported with a pointer to `--help`, exit status 2.
struct CloudUsageError: Error, CustomStringConvertible {
    var description: String

    init(_ message: String) { description = message }
}

/// The command line after the command words: `--name value`, `--name=value`, flags and
/// positional arguments, checked against the options the command knows.
struct Arguments {
    private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    init(
        _ arguments: ArraySlice<String>, options: Set<String>, flags knownFlags: Set<String> = []
    ) throws(CloudUsageError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positional.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            if knownFlags.contains(name), inline == nil {
                flags.insert(name)
            } else if options.contains(name) {
                guard let value = inline ?? rest.popFirst() else { throw CloudUsageError("\(name) needs a value") }
                values[name] = value
            } else {
                throw CloudUsageError("unknown option \(name)")
            }
        }
    }

    func value(_ name: String) -> String? { values[name] }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func int(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(CloudUsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw CloudUsageError(
                "\(name) needs a whole number in \(range.lowerBound)…\(range.upperBound), not \(text)")
        }
        return value
    }

    func double(_ name: String, in range: ClosedRange<Double>) throws(CloudUsageError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw CloudUsageError("\(name) needs a number in \(range.lowerBound)…\(range.upperBound), not \(text)")
        }
        return value
    }

    /// Exactly `count` positional arguments, named for the error message.
    func positionals(_ names: String...) throws(CloudUsageError) -> [String] {
        guard positional.count == names.count else {
            throw CloudUsageError("expected \(names.joined(separator: " ")), got \(positional.count) argument(s)")
        }
        return positional
    }
}
