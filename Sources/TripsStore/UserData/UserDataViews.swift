/// A saved trip (DESIGN §3 `SavedTrip`): the chosen itinerary as the plan showed it (table,
/// JSON, calendar, CSV), its games and venues in order, the window, notes.
public struct SavedTrip: Sendable, Hashable {
    public var record: UserRecord

    public init(_ record: UserRecord) { self.record = record }

    public var id: String { record.name }
    public var name: String { record.fields["name"] ?? record.name }
    public var notes: String? { record.fields["notes"].flatMap { $0.isEmpty ? nil : $0 } }
    public var from: String? { record.fields["from"] }
    public var to: String? { record.fields["to"] }
    public var gameIds: [String] { Self.list(record.fields["games"]) }
    public var stadiumIds: [String] { Self.list(record.fields["stadiums"]) }
    /// A stored rendering of the itinerary: `table`, `json`, `ics`, `csv`, `geojson` or `gpx` (empty:
    /// not kept, as when all of them would pass the cloud's limit for one record; absent: a trip
    /// saved before that rendering was kept).
    public func rendering(_ format: String) -> String? {
        record.fields[Self.renderingField(format)].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The field holding a rendering: `itineraryTable`, `itineraryJson`, `itineraryIcs`, `itineraryCsv`.
    public static func renderingField(_ format: String) -> String {
        "itinerary" + format.prefix(1).uppercased() + format.dropFirst()
    }
    public var createdMs: Int64 { record.fields["createdAt"].flatMap { Int64($0) } ?? record.updatedMs }

    static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map(String.init)
    }
}

/// A venue the fan has been to (one record per venue): when, at which game, a note.
public struct VisitedVenue: Sendable, Hashable {
    public var record: UserRecord

    public init(_ record: UserRecord) { self.record = record }

    public var stadiumId: String { record.fields["stadiumId"] ?? "" }
    public var date: String? { record.fields["date"].flatMap { $0.isEmpty ? nil : $0 } }
    public var gameId: String? { record.fields["gameId"].flatMap { $0.isEmpty ? nil : $0 } }
    public var note: String? { record.fields["note"].flatMap { $0.isEmpty ? nil : $0 } }
}

/// Record names of user data: stable, lowercase; a favourite and a visit are named after what
/// they point at, so two devices adding the same one meet in one record.
public enum UserRecordName {
    public static func savedTrip(_ uuid: String) -> String { "trip_" + uuid.lowercased() }
    public static func favorite(_ teamId: String) -> String { "fav_" + teamId }
    public static func visited(_ stadiumId: String) -> String { "visited_" + stadiumId }
}

extension CanonicalStore {
    public func savedTrips() throws -> [SavedTrip] {
        try userRecords(.savedTrip).map(SavedTrip.init).sorted {
            $0.name.lowercased() == $1.name.lowercased() ? $0.id < $1.id : $0.name.lowercased() < $1.name.lowercased()
        }
    }

    public func favoriteTeamIds() throws -> [String] {
        try userRecords(.favoriteTeam).compactMap { $0.fields["teamId"] }.sorted()
    }

    public func visitedVenues() throws -> [VisitedVenue] {
        try userRecords(.visitedVenue).map(VisitedVenue.init)
    }

    public func visitedStadiumIds() throws -> Set<String> {
        Set(try visitedVenues().map(\.stadiumId))
    }
}
