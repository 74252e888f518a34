import FoundationEssentials

/// Another name a team went by, valid for a date range (OAK meant the Athletics until 2025).
public struct TeamAlias: DatedAlias, Sendable, Hashable, Codable, Identifiable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case abbreviation, name, city, nickname
    }

    public var id: String
    public var teamId: String
    public var kind: Kind
    public var value: String
    public var validFrom: Date?
    public var validUntil: Date?

    public init(
        id: String, teamId: String, kind: Kind, value: String, validFrom: Date? = nil,
        validUntil: Date? = nil
    ) {
        self.id = id
        self.teamId = teamId
        self.kind = kind
        self.value = value
        self.validFrom = validFrom
        self.validUntil = validUntil
    }
}

/// A former (or alternate) name of a stadium: "Minute Maid Park" is Daikin Park.
public struct StadiumAlias: DatedAlias, Sendable, Hashable, Codable, Identifiable {
    public var id: String
    public var stadiumId: String
    public var value: String
    public var validFrom: Date?
    public var validUntil: Date?

    public init(
        id: String, stadiumId: String, value: String, validFrom: Date? = nil,
        validUntil: Date? = nil
    ) {
        self.id = id
        self.stadiumId = stadiumId
        self.value = value
        self.validFrom = validFrom
        self.validUntil = validUntil
    }
}

/// What team and stadium aliases share: a name that may hold only for a while, so both answer
/// "did it mean this on that day?" by the same rule.
public protocol DatedAlias {
    var validFrom: Date? { get }
    var validUntil: Date? { get }
}

extension DatedAlias {
    /// Whether the alias meant its team or venue on `date` (nil date: any time). `validUntil` is exclusive.
    public func isValid(on date: Date?) -> Bool {
        validity.contains(date)
    }

    public var validity: Validity { Validity(from: validFrom, until: validUntil) }
}

/// A half-open date range `[from, until)`; either end may be open.
public struct Validity: Sendable, Hashable {
    public var from: Date?
    public var until: Date?

    public init(from: Date?, until: Date?) {
        self.from = from
        self.until = until
    }

    /// A nil date means "whenever": every range contains it.
    public func contains(_ date: Date?) -> Bool {
        guard let date else { return true }
        if let from, date < from { return false }
        if let until, date >= until { return false }
        return true
    }
}
