/// What fans call places GeoNames names otherwise (hand-made): common names ("New York" for
/// GeoNames' "New York City"), abbreviations ("NYC", "LA", "DC") and metro nicknames ("Bay
/// Area", "Dallas-Fort Worth"). Each points at the one gazetteer place that stands for it, so
/// the coordinate and time zone still come from GeoNames; a metro is its main city.
///
/// `Gazetteer` indexes these beside the real names, so "New York, NY" and "LA, CA" work with a
/// state too, and the suggestions for a misspelling can come from them.
enum PlaceNicknames {
    struct Target: Sendable, Hashable {
        var name: String
        var admin1Code: String
        var countryCode: String
    }

    static let table: [(nickname: String, place: Target)] =
        [
            (["New York", "NYC", "Big Apple", "The Big Apple"], us("New York City", "NY")),
            (["LA", "L.A.", "Greater Los Angeles"], us("Los Angeles", "CA")),
            (["SF", "San Fran", "Bay Area", "SF Bay Area", "San Francisco Bay Area"], us("San Francisco", "CA")),
            (["DC", "D.C.", "Washington D.C.", "District of Columbia"], us("Washington", "DC")),
            (["Philly"], us("Philadelphia", "PA")),
            (["Tampa Bay", "Tampa Bay Area"], us("Tampa", "FL")),
            (
                ["Dallas-Fort Worth", "Dallas Fort Worth", "Dallas/Fort Worth", "DFW", "Metroplex", "Big D"],
                us("Dallas", "TX")
            ),
            (["Vegas"], us("Las Vegas", "NV")),
            (["NOLA", "Big Easy", "The Big Easy"], us("New Orleans", "LA")),
            (["KC"], us("Kansas City", "MO")),
            (["STL"], us("St. Louis", "MO")),
            (["Chi-Town", "Chitown", "Windy City"], us("Chicago", "IL")),
            (["Motor City", "Motown"], us("Detroit", "MI")),
            (["Twin Cities", "Minneapolis-St. Paul", "Minneapolis-Saint Paul"], us("Minneapolis", "MN")),
            (["SLC", "Salt Lake"], us("Salt Lake City", "UT")),
            (["OKC"], us("Oklahoma City", "OK")),
            (["ATL"], us("Atlanta", "GA")),
            (["Beantown"], us("Boston", "MA")),
            (["H-Town"], us("Houston", "TX")),
            (["Mile High City"], us("Denver", "CO")),
            (["Indy"], us("Indianapolis", "IN")),
            (["Cincy"], us("Cincinnati", "OH")),
            (["Jax"], us("Jacksonville", "FL")),
            (["Raleigh-Durham", "Research Triangle"], us("Raleigh", "NC")),
            (["South Beach"], us("Miami Beach", "FL")),
            (["CDMX", "Ciudad de Mexico", "DF"], Target(name: "Mexico City", admin1Code: "CMX", countryCode: "MX")),
        ].flatMap { names, place in names.map { ($0, place) } }

    private static func us(_ name: String, _ state: String) -> Target {
        Target(name: name, admin1Code: state, countryCode: "US")
    }
}
