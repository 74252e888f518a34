import Foundation
import TripsModel

/// Turns alias facts into `TeamAlias` and `StadiumAlias` records.
///
/// Aliases are for *other* spellings: a value equal to a current name, nickname, city or
/// abbreviation of any club of the same sport is left out (the provider matches those
/// fields directly, and an alias equal to another club's current name would make it
/// ambiguous). Facts for the same club and value are merged into one span.
enum AliasBuilder {
    static func teamAliases(_ facts: [AliasFact], teams: [String: [Team]]) -> [TeamAlias] {
        var currentValues: [String: Set<String>] = [:]
        var teamByCode: [String: Team] = [:]
        for (sport, list) in teams {
            for t in list {
                currentValues[sport, default: []].formUnion(
                    [t.name, t.nickname, t.city, t.abbreviation].map(NameKey.match))
                teamByCode["\(sport)|\(t.abbreviation)"] = t
            }
        }
        var merged: [String: AliasFact] = [:]
        for fact in facts {
            guard teamByCode["\(fact.sport)|\(fact.teamCode)"] != nil,
                !(currentValues[fact.sport] ?? []).contains(NameKey.match(fact.value))
            else { continue }
            let key = "\(fact.sport)|\(fact.teamCode)|\(fact.kind.rawValue)|\(NameKey.match(fact.value))"
            guard var kept = merged[key] else {
                merged[key] = fact
                continue
            }
            // A nil bound is open and wins.
            kept.validFrom = kept.validFrom.flatMap { a in fact.validFrom.map { min(a, $0) } }
            kept.validUntil = kept.validUntil.flatMap { a in fact.validUntil.map { max(a, $0) } }
            merged[key] = kept
        }
        var ids = Set<String>()
        return merged.keys.sorted().map { key in
            let fact = merged[key]!
            let team = teamByCode["\(fact.sport)|\(fact.teamCode)"]!
            var id = "ta_\(fact.sport)_\(NameKey.slug(fact.value))_\(NameKey.slug(team.nickname))"
            if !ids.insert(id).inserted {
                id += "_\(fact.kind.rawValue)"
                ids.insert(id)
            }
            return TeamAlias(
                id: id, teamId: team.id, kind: fact.kind, value: fact.value, validFrom: fact.validFrom.map(midnightUTC),
                validUntil: fact.validUntil.map(midnightUTC))
        }
    }

    /// Every name of each stadium other than its current one; MLB names carry the seasons
    /// MLB games were played under them (from Jan 1 of the first, to Jan 1 after the last).
    static func stadiumAliases(
        names: [String: [String]], stadiums: [Stadium], uses: [StadiumNameUse], firstKnownSeason: Int
    ) -> [StadiumAlias] {
        var useByKey: [String: StadiumNameUse] = [:]
        for use in uses { useByKey[NameKey.match(use.name)] = use }
        var ids = Set<String>()
        var aliases: [StadiumAlias] = []
        for stadium in stadiums {
            let current = NameKey.match(stadium.name)
            var seen: Set<String> = [current]
            for name in names[stadium.id] ?? [] where seen.insert(NameKey.match(name)).inserted {
                let use = useByKey[NameKey.match(name)]
                var id = "sa_\(NameKey.slug(name))"
                if !ids.insert(id).inserted {
                    id += "_\(stadium.id.replacingOccurrences(of: "stadium_", with: ""))"
                    ids.insert(id)
                }
                aliases.append(
                    StadiumAlias(
                        id: id, stadiumId: stadium.id, value: name,
                        validFrom: use.flatMap {
                            $0.firstSeason > firstKnownSeason
                                ? midnightUTC(CalendarDay(year: $0.firstSeason, month: 1, day: 1)) : nil
                        },
                        validUntil: use.map { midnightUTC(CalendarDay(year: $0.lastSeason + 1, month: 1, day: 1)) }))
            }
        }
        return aliases.sorted { $0.id < $1.id }
    }

    static func midnightUTC(_ day: CalendarDay) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400))
    }
}
