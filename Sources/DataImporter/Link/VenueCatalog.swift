import TripsModel

/// Every building any source knows, each described once: facts from several sources that
/// share a name (or a former name) are merged, the earlier (more trusted) source winning
/// field by field. Schedules find their venue here by any of its names.
struct VenueCatalog: Sendable {
    struct Building: Sendable, Hashable {
        /// Every name the building is known by; the first is the most trusted source's.
        var names: [String]
        /// Names some source says are former or alternative ones (never chosen as current).
        var formerNames: Set<String>
        var facts: VenueFacts
    }

    private(set) var buildings: [Building] = []
    private var index: [String: Int] = [:]

    init(facts: [VenueFacts]) {
        // Union-find over the facts, joined by any shared name.
        var parent = Array(facts.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        var owner: [String: Int] = [:]
        for (i, fact) in facts.enumerated() {
            for name in [fact.name] + fact.otherNames {
                let key = NameKey.match(name)
                if let j = owner[key] {
                    let (a, b) = (root(i), root(j))
                    if a != b { parent[max(a, b)] = min(a, b) }
                } else {
                    owner[key] = i
                }
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in facts.indices { groups[root(i), default: []].append(i) }
        for groupRoot in groups.keys.sorted() {
            let members = groups[groupRoot]!.map { facts[$0] }
            let building = VenueCatalog.merge(members)
            for name in building.names { index[NameKey.match(name)] = buildings.count }
            buildings.append(building)
        }
    }

    /// The building a schedule means by `name`, if any source knows it.
    func building(named name: String) -> Int? {
        index[NameKey.match(name)]
    }

    private static func merge(_ members: [VenueFacts]) -> Building {
        var names: [String] = []
        var seen = Set<String>()
        var former = Set<String>()
        for fact in members {
            for name in [fact.name] + fact.otherNames where seen.insert(NameKey.match(name)).inserted {
                names.append(name)
            }
            former.formUnion(fact.otherNames.map(NameKey.match))
        }
        var merged = members[0]
        merged.otherNames = Array(names.dropFirst())
        for fact in members.dropFirst() {
            if merged.coordinate == nil, let c = fact.coordinate {
                merged.coordinate = c
                merged.coordinateIsApproximate = fact.coordinateIsApproximate
                merged.source = fact.source
            }
            merged.city = merged.city ?? fact.city
            merged.state = merged.state ?? fact.state
            merged.country = merged.country ?? fact.country
            merged.timeZone = merged.timeZone ?? fact.timeZone
            merged.capacity = merged.capacity ?? fact.capacity
            merged.yearOpened = merged.yearOpened ?? fact.yearOpened
            merged.isFormerHome = merged.isFormerHome || fact.isFormerHome
        }
        return Building(names: names, formerNames: former, facts: merged)
    }
}
