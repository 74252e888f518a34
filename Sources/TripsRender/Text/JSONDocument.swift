import CloudKitWeb
import FoundationEssentials
import Glibc

/// A JSON value whose objects keep their key order, so output matches DESIGN §8 exactly and
/// never reorders between runs (Foundation's encoder only offers sorted keys).
public indirect enum JSONDocument: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONDocument])
    case object([(String, JSONDocument)])

    public static func == (a: JSONDocument, b: JSONDocument) -> Bool {
        a.rendered(pretty: false) == b.rendered(pretty: false)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(rendered(pretty: false)) }

    public static func string(_ value: String?) -> JSONDocument { value.map(JSONDocument.string) ?? .null }

    /// Pretty output uses two-space indentation and one key per line.
    public func rendered(pretty: Bool = true) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        write(into: &out, indent: pretty ? 0 : nil)
        return String(decoding: out, as: UTF8.self)
    }

    /// Written as UTF-8 bytes: appending to a byte array is cheaper than to a String.
    private func write(into out: inout [UInt8], indent: Int?) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d): out.append(contentsOf: (d.isFinite ? JSONDocument.number(d) : "null").utf8)
        case .string(let s): JSONText.appendQuoted(s, to: &out)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONDocument.newline(&out, indent.map { $0 + 1 })
                item.write(into: &out, indent: indent.map { $0 + 1 })
            }
            JSONDocument.newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            if pairs.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONDocument.newline(&out, indent.map { $0 + 1 })
                JSONText.appendQuoted(key, to: &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(UInt8(ascii: " ")) }
                value.write(into: &out, indent: indent.map { $0 + 1 })
            }
            JSONDocument.newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int?) {
        guard let indent else { return }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    private static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return "\(d)"
    }
}
