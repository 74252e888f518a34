import InputText

/// A declared option that reads its own value, typed: the only way a command sees an option.
/// Numbers, choices and lists are checked when read, so a command that reads every option
/// first (in its `init`) reports bad values before it does any work.
package struct Option<Value>: Sendable, OptionDeclaration {
    package let spec: OptionSpec
    let convert: @Sendable (ParsedArguments) throws(UsageError) -> Value

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

    /// `--sport mlb,nba` (repeatable too): like `list`, but an empty item (`mlb,,nba`, `mlb,`)
    /// is a usage error rather than skipped, so a slip of the keyboard is not read as less.
    package static func commaList(_ name: String, _ placeholder: String, _ help: String) -> Self {
        Self(OptionSpec(name: name, short: nil, arity: .repeatable, placeholder: placeholder, help: help)) {
            arguments throws(UsageError) in
            let values = arguments.raw.values[name] ?? []
            for value in values
            where value.split(separator: ",", omittingEmptySubsequences: false).contains(where: {
                String($0).trimmed.isEmpty
            }) {
                throw arguments.error(
                    .invalidValue(
                        option: "--\(name)", value: value,
                        reason: "an empty item in the list; separate names with single commas (mlb,nba)"))
            }
            return values
        }
    }
}

extension Option where Value == Int? {
    /// `--limit N`: a whole number within `range`, else a usage error.
    package static func int(_ name: String, _ placeholder: String, in range: ClosedRange<Int>, _ help: String) -> Self {
        .parsed(name, placeholder, help, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") {
            Int($0).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

extension Option where Value == Double? {
    /// `--max-drive-hours H`: a finite number within `range`, else a usage error.
    package static func number(_ name: String, _ placeholder: String, in range: ClosedRange<Double>, _ help: String)
        -> Self
    {
        .parsed(
            name, placeholder, help,
            expected: "a number from \(range.lowerBound.formatted) to \(range.upperBound.formatted)"
        ) {
            Double($0).flatMap { $0.isFinite && range.contains($0) ? $0 : nil }
        }
    }
}

extension Option {
    /// `--format json`: one of `choices` (case-insensitive), else a usage error listing them.
    /// The choices are the command's own, in the order its help lists them.
    package static func choice<Choice>(
        _ name: String, _ placeholder: String, among choices: [Choice], _ help: String
    ) -> Option<Choice?> where Choice: RawRepresentable & Sendable, Choice.RawValue == String {
        .parsed(name, placeholder, help, expected: "one of \(choices.map(\.rawValue).joined(separator: ", "))") {
            text in
            choices.first { $0.rawValue.lowercased() == text.lowercased() }
        }
        .completing(.choices(choices.map(\.rawValue)))
    }

    /// A single-valued option whose text `parse` turns into a value; nil from `parse` is a usage
    /// error saying what was `expected`.
    package static func parsed<Parsed>(
        _ name: String, _ placeholder: String, _ help: String, expected: String,
        parse: @escaping @Sendable (String) -> Parsed?
    ) -> Option<Parsed?> {
        Option<Parsed?>(OptionSpec(name: name, short: nil, arity: .single, placeholder: placeholder, help: help)) {
            arguments throws(UsageError) in
            guard let text = arguments.raw.values[name]?.last else { return nil }
            guard let value = parse(text) else {
                throw arguments.error(
                    .invalidValue(option: "--\(name)", value: text, reason: "expected \(expected)"))
            }
            return value
        }
    }
}

extension Option where Value == Duration? {
    /// `--interval 30s`: a length of time as a number with a unit — `ms`, `s`, `m` or `h`, seconds
    /// when none — within `range`, else a usage error.
    package static func duration(
        _ name: String, _ placeholder: String, in range: ClosedRange<Duration>, _ help: String
    ) -> Self {
        .parsed(
            name, placeholder, help,
            expected: "a time from \(range.lowerBound.spoken) to \(range.upperBound.spoken), such as 30s, 5m or 1h"
        ) { Duration.parse($0).flatMap { range.contains($0) ? $0 : nil } }
    }
}

extension Duration {
    /// "500ms", "30s", "2.5m", "1h", "90" (seconds); nil for anything else.
    package static func parse(_ text: String) -> Duration? {
        let lowered = text.lowercased()
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let (number, scale) =
            units.first { lowered.hasSuffix($0.suffix) && Double(lowered.dropLast($0.suffix.count)) != nil }
            .map { (lowered.dropLast($0.suffix.count), $0.seconds) } ?? (Substring(lowered), 1)
        guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
        // Checked before the conversion, which traps beyond Int64 (`1e16` s is 1e19 ms).
        let ms = (value * scale * 1000).rounded()
        guard ms < 9e18 else { return nil }
        return .milliseconds(Int64(ms))
    }

    /// "500 ms", "30 s", "5 min", "1 h": how help and messages say a duration.
    package var spoken: String {
        let ms = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        if ms % 3_600_000 == 0 && ms > 0 { return "\(ms / 3_600_000) h" }
        if ms % 60_000 == 0 && ms > 0 { return "\(ms / 60_000) min" }
        if ms % 1000 == 0 { return "\(ms / 1000) s" }
        return ms < 1000 ? "\(ms) ms" : (Double(ms) / 1000).formatted + " s"
    }
}
