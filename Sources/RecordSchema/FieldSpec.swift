import CloudKitWeb

/// One field of a canonical record type (DESIGN §3): its wire name and type, whether it may be
/// absent, and the store column(s) it lives in. Declared once per type (`GameFields`, …) so the
/// decoder, the encoder, the store's column lists and the server's admin edits cannot drift.
/// A class: codecs pass a spec for every field of every row they read, and a reference is one
/// retain where a struct of strings, an array and an enum payload is several.
public final class FieldSpec: Sendable, Hashable {
    /// The wire types canonical records use.
    public enum WireType: Sendable, Hashable {
        case string, int64, double, timestamp, location, stringList

        /// Whether a wire value has this type.
        public func matches(_ value: FieldValue) -> Bool {
            switch (self, value) {
            case (.string, .string), (.int64, .int64), (.double, .double), (.timestamp, .timestamp),
                (.location, .location), (.stringList, .list(.string, _)):
                return true
            default:
                return false
            }
        }
    }

    /// What an absent field means.
    public enum Presence: Sendable, Hashable {
        /// Decoding fails without it.
        case required
        /// The model has an "absent" value (nil, "", false) and the encoder omits the field for it.
        case optional
        /// Absent reads as this value, and the encoder always writes the field.
        case defaulted(FieldValue)
    }

    public let name: String
    public let type: WireType
    public let presence: Presence
    /// The store's columns, in order (a location is latitude and longitude). Migrations are
    /// frozen, so these name what the shipped tables already have.
    public let columns: [String]
    /// `presence == .optional`, kept apart: decoders ask it for every field they read, and comparing
    /// the enum would copy its payload each time.
    public let isOptional: Bool

    /// The values an INT64 field may hold (a score of 10^17 or game number 0 is malformed, issue
    /// 37 item 6); nil: any within ±2^53.
    public let integers: ClosedRange<Int64>?

    public convenience init(
        _ name: String, _ type: WireType, _ presence: Presence = .required, column: String,
        integers: ClosedRange<Int64>? = nil
    ) {
        self.init(name, type, presence, columns: [column], integers: integers)
    }

    public init(
        _ name: String, _ type: WireType, _ presence: Presence = .required, columns: [String],
        integers: ClosedRange<Int64>? = nil
    ) {
        self.name = name
        self.type = type
        self.presence = presence
        self.columns = columns
        self.integers = integers
        if case .optional = presence { isOptional = true } else { isOptional = false }
    }

    /// The value an absent field reads as, for `.defaulted` fields.
    public var defaultValue: FieldValue? {
        if case .defaulted(let value) = presence { return value }
        return nil
    }

    public static func == (a: FieldSpec, b: FieldSpec) -> Bool {
        a.name == b.name && a.type == b.type && a.presence == b.presence && a.columns == b.columns
            && a.integers == b.integers
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(type)
        hasher.combine(presence)
        hasher.combine(columns)
    }
}
