import TripsPlanner

/// With `--drive-times`: how many of an option's drives used the fan's road times, the rest
/// being estimated — in the table under each option, in the JSON per trip, and on stderr for
/// the formats that have no place for a note.
extension ItineraryRenderer {
    /// The drives of `trip` (legs between two different places) and how many the file gave.
    func roadCoverage(_ trip: Itinerary) -> (given: Int, drives: Int)? {
        guard inputs.request.roadTimes != nil else { return nil }
        let drives = trip.legs.filter { $0.usesRoadTimes || $0.driveHours > 0 }
        guard !drives.isEmpty else { return nil }
        return (drives.filter(\.usesRoadTimes).count, drives.count)
    }

    /// "road times from drive-times.csv for 12 of 15 legs; the rest estimated".
    func roadNote(_ trip: Itinerary) -> String? {
        guard let source = inputs.request.roadTimes?.source, let (given, drives) = roadCoverage(trip) else {
            return nil
        }
        let legs = "leg\(drives == 1 ? "" : "s")"
        if given == drives { return "road times from \(source) for \(drives == 1 ? "the" : "all \(drives)") \(legs)" }
        if given == 0 { return "road times from \(source) for none of the \(drives) \(legs); all estimated" }
        return "road times from \(source) for \(given) of \(drives) \(legs); the rest estimated"
    }

    /// Option 1's notes for a format that has no room for them (CSV, iCalendar, maps; the table
    /// and JSON hold them): lines for stderr, 80 columns wide — its road times, and why it sets
    /// off in the night.
    public func notes(formatHasRoom: Bool) -> [String] {
        guard !formatHasRoom, let first = result.itineraries.first else { return [] }
        let notes = [roadNote(first), messages.nightSetOff(result.nightSetOff).map { "option 1 " + $0 }]
        return notes.compactMap { $0 }.flatMap { note in
            TextWrap.lines(
                note.split(separator: " ").map(String.init), separator: " ", first: TextWrap.columns,
                rest: TextWrap.columns - 2
            ).enumerated().map { $0.offset == 0 ? $0.element : "  " + $0.element }
        }
    }

    /// `{"source", "legs", "fromFile"}` for a trip's JSON, or nothing without `--drive-times`.
    func roadTimesJSON(_ trip: Itinerary) -> [(String, JSONDocument)] {
        guard let source = inputs.request.roadTimes?.source else { return [] }
        let coverage = roadCoverage(trip) ?? (0, 0)
        return [
            (
                "roadTimes",
                .object([
                    ("source", .string(source)), ("legs", .int(coverage.drives)), ("fromFile", .int(coverage.given)),
                ])
            )
        ]
    }
}
