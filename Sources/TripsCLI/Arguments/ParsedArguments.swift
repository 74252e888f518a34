/// What the parser found: option values by name (without dashes), flags, positionals.
package struct ParsedArguments: Sendable {
    /// The matched command path, e.g. ["sync", "status"].
    package var commandPath: [String] = []
    package var values: [String: [String]] = [:]
    package var flags: Set<String> = []
    package var positionals: [String] = []
    package var usage: String = "trips"

    package func has(_ flag: String) -> Bool { flags.contains(flag) }

    package func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, with comma lists split: `--sport mlb,nba --sport nhl`.
    package func list(_ name: String) -> [String] {
        (values[name] ?? []).flatMap { $0.split(separator: ",") }.map { String($0).trimmed }.filter { !$0.isEmpty }
    }

    /// Values as given (no comma splitting): `--team "Washington, DC"` stays whole.
    package func all(_ name: String) -> [String] { values[name] ?? [] }

    package func error(_ kind: UsageError.Kind) -> UsageError { UsageError(kind: kind, usage: usage) }

    /// An integer option within a range, or a usage error.
    package func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw error(.invalidValue(option: "--\(name)", value: text, reason: "expected a whole number from \(range.lowerBound) to \(range.upperBound)"))
        }
        return n
    }

    /// A decimal option within a range, or a usage error.
    package func double(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let n = Double(text), n.isFinite, range.contains(n) else {
            throw error(.invalidValue(option: "--\(name)", value: text, reason: "expected a number from \(range.lowerBound.formatted) to \(range.upperBound.formatted)"))
        }
        return n
    }

    /// One of a fixed set of words (case-insensitive), or a usage error listing them.
    package func choice(_ name: String, _ allowed: [String]) throws -> String? {
        guard let text = value(name) else { return nil }
        guard let match = allowed.first(where: { $0.lowercased() == text.lowercased() }) else {
            throw error(.invalidValue(option: "--\(name)", value: text, reason: "expected one of \(allowed.joined(separator: ", "))"))
        }
        return match
    }
}

extension Double {
    /// "6", "2.5" — no trailing ".0".
    package var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}

extension String {
    package var trimmed: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
