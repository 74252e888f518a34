/// A declared option that reads its own value, typed: the only way a command sees an option.
/// Numbers, choices and lists are checked when read, so a command that reads every option
/// first (in its `init`) reports bad values before it does any work.
package struct Option<Value>: Sendable, OptionDeclaration {
    package let spec: OptionSpec
    private let convert: @Sendable (ParsedArguments) throws(UsageError) -> Value

    package init(
        _ spec: OptionSpec, convert: @escaping @Sendable (ParsedArguments) throws(UsageError) -> Value
    ) {
        self.spec = spec
        self.convert = convert
    }

    /// The option's value in `arguments` (what "absent" means depends on the type: false, nil, []).
    func value(in arguments: ParsedArguments) throws(UsageError) -> Value {
        try convert(arguments)
    }
}

/// Anything that declares an option, so a command lists its typed options in one array.
package protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

extension Option where Value == Bool {
    /// `--home`: true when given.
    package static func flag(_ name: String, short: Character? = nil, _ help: String) -> Self {
        Self(OptionSpec(name: name, short: short, arity: .flag, placeholder: "", help: help)) {
            $0.raw.flags.contains(name)
        }
    }
}

extension Option where Value == String? {
    /// `--start PLACE`: the text as given.
    package static func value(_ name: String, _ placeholder: String, short: Character? = nil, _ help: String) -> Self {
        Self(OptionSpec(name: name, short: short, arity: .single, placeholder: placeholder, help: help)) {
            $0.raw.values[name]?.last
        }
    }
}

extension Option where Value == [String] {
    /// `--team T` (repeatable): every value as given, in order. Comma lists stay whole
    /// (`--team "Washington, DC"`); a command that takes comma lists splits them itself.
    package static func list(_ name: String, _ placeholder: String, short: Character? = nil, _ help: String) -> Self {
        Self(OptionSpec(name: name, short: short, arity: .repeatable, placeholder: placeholder, help: help)) {
            $0.raw.values[name] ?? []
        }
    }
}

extension Option where Value == Int? {
    /// `--limit N`: a whole number within `range`, else a usage error.
    package static func int(_ name: String, _ placeholder: String, in range: ClosedRange<Int>, _ help: String) -> Self {
        Self(OptionSpec(name: name, short: nil, arity: .single, placeholder: placeholder, help: help)) {
            arguments throws(UsageError) in
            guard let text = arguments.raw.values[name]?.last else { return nil }
            guard let number = Int(text), range.contains(number) else {
                throw arguments.error(
                    .invalidValue(
                        option: "--\(name)", value: text,
                        reason: "expected a whole number from \(range.lowerBound) to \(range.upperBound)"))
            }
            return number
        }
    }
}

extension Option where Value == Double? {
    /// `--max-drive-hours H`: a finite number within `range`, else a usage error.
    package static func number(_ name: String, _ placeholder: String, in range: ClosedRange<Double>, _ help: String)
        -> Self
    {
        Self(OptionSpec(name: name, short: nil, arity: .single, placeholder: placeholder, help: help)) {
            arguments throws(UsageError) in
            guard let text = arguments.raw.values[name]?.last else { return nil }
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw arguments.error(
                    .invalidValue(
                        option: "--\(name)", value: text,
                        reason: "expected a number from \(range.lowerBound.formatted) to \(range.upperBound.formatted)")
                )
            }
            return number
        }
    }
}

extension Option {
    /// `--format json`: one of `choices` (case-insensitive), else a usage error listing them.
    /// The choices are the command's own, in the order its help lists them.
    package static func choice<Choice>(
        _ name: String, _ placeholder: String, among choices: [Choice], _ help: String
    ) -> Option<Choice?> where Choice: RawRepresentable & Sendable, Choice.RawValue == String {
        Option<Choice?>(OptionSpec(name: name, short: nil, arity: .single, placeholder: placeholder, help: help)) {
            arguments throws(UsageError) in
            guard let text = arguments.raw.values[name]?.last else { return nil }
            guard let match = choices.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
                throw arguments.error(
                    .invalidValue(
                        option: "--\(name)", value: text,
                        reason: "expected one of \(choices.map(\.rawValue).joined(separator: ", "))"))
            }
            return match
        }
    }
}

extension Double {
    /// "6", "2.5" — no trailing ".0".
    package var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
