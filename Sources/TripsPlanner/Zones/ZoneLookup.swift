import TripsModel

/// A zone's rules by IANA identifier, nil for a zone the caller does not know. The planner is
/// pure, so it is handed this instead of reading the tz database itself.
public typealias ZoneLookup = @Sendable (String) -> ZoneInfo?
