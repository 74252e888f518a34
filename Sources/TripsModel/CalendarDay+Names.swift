/// English short names for a day, as tables and messages show it ("Fri Jun 5"): fans read
/// weekdays, and the same names everywhere keep the table, warnings and errors in step.
extension CalendarDay {
    static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Mon", "Tue", …
    public var weekdayName: String { Self.weekdayNames[((dayNumber + 4) % 7 + 7) % 7] }

    /// "Jan", "Feb", …
    public var monthName: String { Self.monthNames[(month - 1 + 12) % 12] }

    /// "Fri Jun 5": the year is left out, a trip's days are in its own window.
    public var shortLabel: String { "\(weekdayName) \(monthName) \(day)" }
}
