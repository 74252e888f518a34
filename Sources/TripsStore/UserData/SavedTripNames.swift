/// Saved trips are named on the command line, so names stay unique (any letter case): two
/// devices can each give one name to a different trip, and the merge keeps both trips.
extension CanonicalStore {
    /// The saved trip called `name` (any letter case), else the one whose id is `name` or starts
    /// with it (at least 4 characters of the uuid, as `SavedTrip.shortId` shows). Nil when none.
    /// - Throws: `SavedTripLookupError.ambiguous` when more than one matches.
    public func savedTrip(named name: String) throws -> SavedTrip? {
        let trips = try savedTrips()
        let key = name.lowercased()
        var matches = trips.filter { $0.name.lowercased() == key }
        if matches.isEmpty {
            matches = trips.filter { $0.id == key || (key.count >= 4 && $0.uuid.hasPrefix(key)) }
        }
        if matches.count > 1 { throw SavedTripLookupError.ambiguous(name: name, matches) }
        return matches.first
    }

    /// Gives every saved trip that shares its name with an earlier one (by when the name was
    /// set; ties by id) the first free "NAME (2)", "NAME (3)", …: a local edit, exported like any
    /// other. Every device picks the same trips and names from the same records. The new name is
    /// dated just after the one it replaces, not now: it wins over that name, but not over a
    /// delete of the trip made since on another device (which would otherwise come back).
    /// - Returns: the renames, for the sync to tell the user.
    public func separateSavedTripNames() throws -> [SavedTripRename] {
        // Names only (it runs after every import): a trip's fields, renderings included, are read
        // only when its name is taken twice.
        let names = try database.rows(
            """
            SELECT r.name, coalesce(f.value, r.name), coalesce(f.updated_ms, r.updated_ms)
            FROM user_records r LEFT JOIN user_fields f ON f.record = r.name AND f.field = 'name'
            WHERE r.type = ? AND r.deleted_ms IS NULL
            """, [.text(UserRecordType.savedTrip.rawValue)]
        ) { (id: $0.string(0), name: $0.string(1), setMs: $0.int64(2)) }
        var taken = Set(names.map { $0.name.lowercased() })
        var renames: [SavedTripRename] = []
        let groups = Dictionary(grouping: names) { $0.name.lowercased() }
        for key in groups.keys.sorted() {
            guard let group = groups[key], group.count > 1 else { continue }
            let ordered = group.sorted { ($0.setMs, $0.id) < ($1.setMs, $1.id) }
            for entry in ordered.dropFirst() {
                guard let record = try userRecord(named: entry.id) else { continue }
                let trip = SavedTrip(record)
                var n = 2
                while taken.contains("\(trip.name) (\(n))".lowercased()) { n += 1 }
                let newName = "\(trip.name) (\(n))"
                taken.insert(newName.lowercased())
                try editUserRecord(
                    trip.id, type: .savedTrip, set: ["name": newName], device: trip.record.device,
                    nowMs: trip.nameSetMs + 1)
                renames.append(SavedTripRename(id: trip.id, from: trip.name, to: newName, device: trip.record.device))
            }
        }
        return renames
    }
}

/// A saved trip renamed because another had its name (`separateSavedTripNames`).
public struct SavedTripRename: Sendable, Hashable {
    public var id: String
    public var from: String
    public var to: String
    /// The device that changed the renamed trip last (where it came from, for the user).
    public var device: String

    /// The line the sync prints.
    public var notice: String {
        "Two saved trips were called '\(from)': the one from \(device) is now '\(to)'."
    }
}

/// A name on the command line that more than one saved trip answers to.
public enum SavedTripLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    case ambiguous(name: String, [SavedTrip])

    public var description: String {
        switch self {
        case .ambiguous(let name, let trips):
            let listed = trips.map { trip in
                let dates = [trip.from, trip.to].compactMap { $0 }.joined(separator: " – ")
                return
                    "'\(trip.name)' (\(dates.isEmpty ? "" : dates + ", ")changed on \(trip.record.device), id \(trip.shortId))"
            }
            return "\(trips.count) saved trips are called '\(name)': \(listed.joined(separator: ", ")); "
                + "name one by its id (`trips saved show \(trips[0].shortId)`)"
        }
    }
}

extension SavedTrip {
    /// The id without its `trip_` prefix.
    public var uuid: String { id.hasPrefix("trip_") ? String(id.dropFirst(5)) : id }
    /// The first 8 characters of the uuid: enough to tell trips apart, and to name one.
    public var shortId: String { String(uuid.prefix(8)) }
    /// When the name was set (the order in which names are claimed).
    var nameSetMs: Int64 { record.fieldTimes["name"] ?? record.updatedMs }
}
