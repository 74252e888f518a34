import FoundationEssentials

/// The names clubs and venues went by, so a game shows under the names of its own day: the
/// 2025 Dodgers played at "Dodger Stadium", the 2024 A's were the "Oakland Athletics" (OAK).
///
/// Only dated aliases are former names; an alias without dates is another spelling and never
/// replaces the current name. When several dated aliases of one kind cover a date, the one that
/// began last wins (the Brooklyn Robins of 1920, not the Brooklyn Dodgers of 1911-1957).
public struct NameHistory: Sendable {
    private let teamAliases: [String: [TeamAlias]]
    private let stadiumAliases: [String: [StadiumAlias]]

    public init(teamAliases: [TeamAlias], stadiumAliases: [StadiumAlias]) {
        self.teamAliases = Dictionary(grouping: teamAliases.filter { $0.validity.isDated }, by: \.teamId)
        self.stadiumAliases = Dictionary(grouping: stadiumAliases.filter { $0.validity.isDated }, by: \.stadiumId)
    }

    /// `team` as it was called on `date`.
    public func team(_ team: Team, on date: Date) -> Team {
        guard let aliases = teamAliases[team.id] else { return team }
        var named = team
        func value(_ kind: TeamAlias.Kind) -> String? {
            Self.latest(aliases.filter { $0.kind == kind && $0.isValid(on: date) })?.value
        }
        if let v = value(.name) { named.name = v }
        if let v = value(.abbreviation) { named.abbreviation = v }
        if let v = value(.city) { named.city = v }
        if let v = value(.nickname) { named.nickname = v }
        return named
    }

    /// `stadium` under the name it had on `date`.
    public func stadium(_ stadium: Stadium, on date: Date) -> Stadium {
        guard let aliases = stadiumAliases[stadium.id],
            let alias = Self.latest(aliases.filter { $0.isValid(on: date) })
        else { return stadium }
        var named = stadium
        named.name = alias.value
        return named
    }

    /// The alias that began last (an open start is the earliest), then the one that ended first.
    private static func latest<A: DatedAlias>(_ aliases: [A]) -> A? {
        aliases.min { a, b in
            let (va, vb) = (a.validity, b.validity)
            let (fromA, fromB) = (va.from ?? .distantPast, vb.from ?? .distantPast)
            if fromA != fromB { return fromA > fromB }
            return (va.until ?? .distantFuture) < (vb.until ?? .distantFuture)
        }
    }
}

extension Validity {
    /// Bounded on at least one side: a name used for a while, not just another spelling.
    public var isDated: Bool { from != nil || until != nil }
}
