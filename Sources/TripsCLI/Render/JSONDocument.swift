import CloudKitWeb
import FoundationEssentials
import Glibc

/// A JSON value whose objects keep their key order, so output matches DESIGN §8 exactly and
/// never reorders between runs (Foundation's encoder only offers sorted keys).
package indirect enum JSONDocument: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONDocument])
    case object([(String, JSONDocument)])

    package static func == (a: JSONDocument, b: JSONDocument) -> Bool {
        a.rendered(pretty: false) == b.rendered(pretty: false)
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(rendered(pretty: false)) }

    package static func string(_ value: String?) -> JSONDocument { value.map(JSONDocument.string) ?? .null }

    /// Pretty output uses two-space indentation and one key per line.
    package func rendered(pretty: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(1 << 16)
        write(into: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(into out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? JSONDocument.number(d) : "null"
        case .string(let s): JSONText.appendQuoted(s, to: &out)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                JSONDocument.newline(&out, indent.map { $0 + 1 })
                item.write(into: &out, indent: indent.map { $0 + 1 })
            }
            JSONDocument.newline(&out, indent)
            out += "]"
        case .object(let pairs):
            if pairs.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                JSONDocument.newline(&out, indent.map { $0 + 1 })
                JSONText.appendQuoted(key, to: &out)
                out += indent == nil ? ":" : ": "
                value.write(into: &out, indent: indent.map { $0 + 1 })
            }
            JSONDocument.newline(&out, indent)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int?) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<indent { out += "  " }
    }

    private static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return "\(d)"
    }
}
