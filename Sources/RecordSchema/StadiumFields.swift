/// The `Stadium` record's fields (DESIGN §3), in store column order.
public enum StadiumFields {
    public static let recordType = "Stadium"
    public static let name = FieldSpec("name", .string, column: "name")
    public static let city = FieldSpec("city", .string, column: "city")
    public static let state = FieldSpec("state", .string, .optional, column: "state")
    public static let country = FieldSpec("country", .string, .optional, column: "country")
    public static let location = FieldSpec("location", .location, columns: ["latitude", "longitude"])
    public static let timeZone = FieldSpec("timeZone", .string, column: "time_zone")
    public static let capacity = FieldSpec(
        "capacity", .int64, .optional, column: "capacity", integers: 0...1_000_000)
    public static let yearOpened = FieldSpec(
        "yearOpened", .int64, .optional, column: "year_opened", integers: 1800...2200)
    /// Stored comma-joined in one column.
    public static let sports = FieldSpec("sports", .stringList, .defaulted(.list(.string, [])), column: "sports")
    /// Written only when set (1), so stadium records from before the field existed are unchanged.
    public static let locationApproximate = FieldSpec(
        "locationApproximate", .int64, .optional, column: "location_approximate", integers: 0...1)

    public static let all = [
        name, city, state, country, location, timeZone, capacity, yearOpened, sports, locationApproximate,
    ]
}
