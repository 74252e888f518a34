import FoundationEssentials

extension TimeZone {
    /// UTC as a Foundation zone, for the formatters that still need one; local days and times
    /// come from `ZoneInfo` (`ZoneInfo.utc` is its counterpart).
    public static let utc = TimeZone(identifier: "UTC")!
}
