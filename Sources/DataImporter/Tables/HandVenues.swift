import TripsModel

/// Facts no raw file has, checked by hand: one row per venue, each naming what it was
/// checked against. These rows come first, so they override the raw files.
enum HandVenues {
    static let rows: [VenueFacts] = renames + abroad + special + located + formerHomes

    /// Homes clubs left before the bundled seasons that fans still name: stadium records
    /// without games, so the names resolve to the real building (not to the club's new one).
    static let formerHomes: [VenueFacts] = [
        VenueFacts(
            name: "Oakland Coliseum",
            otherNames: [
                "Oakland-Alameda County Coliseum", "RingCentral Coliseum", "O.co Coliseum", "Overstock.com Coliseum",
                "McAfee Coliseum", "Network Associates Coliseum",
            ],
            city: "Oakland",
            source:
                "the Athletics' home to 2024 (kurimareiji 2018-2024: Oakland Coliseum; the team plays at Sutter Health "
                + "Park from 2025); position from Retrosheet OAK01 and geojson-ballparks' legacy file",
            isFormerHome: true)
    ]

    /// Today's names of buildings the raw files list under older or other names
    /// (PROVENANCE's former-name list), and spellings to prefer.
    static let renames: [VenueFacts] = [
        alias("UNIQLO Field at Dodger Stadium", ["Dodger Stadium"], "MLB 2026 schedule: the Dodgers' park, renamed"),
        // MLB renames 2018-2026 (kurimareiji home venues by season), tied to Retrosheet's park rows.
        alias(
            "Daikin Park", ["Minute Maid Park"],
            "kurimareiji: Astros home 2018-2024 Minute Maid Park, 2025- Daikin Park"),
        alias("Rate Field", ["Guaranteed Rate Field"], "kurimareiji: White Sox home to 2024 Guaranteed Rate Field"),
        alias("American Family Field", ["Miller Park"], "kurimareiji: Brewers home 2018-2020 Miller Park"),
        alias("T-Mobile Park", ["Safeco Field"], "kurimareiji: Mariners home 2018 Safeco Field"),
        alias("Oracle Park", ["AT&T Park"], "kurimareiji: Giants home 2018 AT&T Park"),
        alias("Truist Park", ["SunTrust Park"], "kurimareiji: Braves home 2018-2019 SunTrust Park"),
        alias("loanDepot park", ["Marlins Park"], "kurimareiji: Marlins home 2018-2020 Marlins Park"),
        alias("Globe Life Field", ["Globe Life Field in Arlington"], "Retrosheet ARL03's name for it"),
        alias("Yankee Stadium", ["Yankee Stadium II"], "Retrosheet NYC21 (the park opened in 2009)"),
        alias("Busch Stadium", ["Busch Stadium III"], "Retrosheet STL10 (the park opened in 2006)"),
        alias("Angel Stadium", ["Angel Stadium of Anaheim"], "Retrosheet ANA01"),

        alias("loanDepot park", [], "MLB's own spelling (lower-case 'park')"),
        alias("Crypto.com Arena", ["Staples Center"], "PROVENANCE former-name list (kennethday8: Staples Center)"),
        alias("Frost Bank Center", ["AT&T Center"], "PROVENANCE former-name list"),
        alias("Gainbridge Fieldhouse", ["Bankers Life Fieldhouse"], "PROVENANCE former-name list"),
        alias("Kaseya Center", ["American Airlines Arena", "FTX Arena"], "PROVENANCE former-name list"),
        alias("Kia Center", ["Amway Center"], "PROVENANCE former-name list"),
        alias(
            "Mortgage Matchup Center", ["Talking Stick Resort Arena", "Footprint Center"],
            "PROVENANCE former-name list"),
        alias("Paycom Center", ["Chesapeake Energy Arena"], "PROVENANCE former-name list"),
        alias("Rocket Arena", ["Rocket Mortgage FieldHouse"], "PROVENANCE former-name list"),
        alias("Ball Arena", ["Pepsi Center"], "PROVENANCE former-name list (kennethday8: Pepsi Center)"),
        alias("Delta Center", ["Vivint Smart Home Arena", "Vivint Arena"], "PROVENANCE former-name list"),
        alias("Xfinity Mobile Arena", ["Wells Fargo Center"], "PROVENANCE former-name list"),
        alias("Arena CDMX", ["Mexico City Arena"], "PROVENANCE former-name list"),
        alias("Accor Arena", ["AccorHotels Arena"], "PROVENANCE former-name list"),
        alias("GEHA Field at Arrowhead Stadium", ["Arrowhead Stadium"], "nflmatchups current name; ESPN short name"),
        alias("NRG Stadium", ["Reliant Stadium"], "PROVENANCE: ESPN still labels NRG Stadium 'Reliant Stadium'"),
        alias("Allianz Arena", ["FC Bayern Munich Stadium"], "PROVENANCE: ESPN's name for Allianz Arena (Munich)"),
        alias("Santiago Bernabéu", ["Bernabeu"], "PROVENANCE: nflmatchups 'Bernabeu (Madrid)'"),
        alias(
            "Stade Saputo", ["Saputo Stadium"],
            "PROVENANCE: MLS calendars 'Stade Saputo', mysoccerpassport 'Saputo Stadium'"),
        alias("Inter&Co Stadium", ["Inter.co Stadium"], "PROVENANCE: the MLS calendars spell it both ways"),
        // Names fans still use for buildings renamed before the bundled seasons (issue 9 item 8).
        alias(
            "Acrisure Stadium", ["Heinz Field"],
            "the Steelers' stadium: Heinz Field 2001-2021, Acrisure Stadium from 2022"),
        alias(
            "Northwest Stadium", ["FedExField", "Commanders Field", "Jack Kent Cooke Stadium"],
            "the Commanders' stadium: Jack Kent Cooke Stadium 1997-1999, FedExField 1999-2024, Commanders Field "
                + "2024, Northwest Stadium from 2024"),
        alias(
            "Climate Pledge Arena", ["KeyArena", "Seattle Center Coliseum"], "rebuilt in 2021 inside KeyArena's roof"),
        alias("Sports Illustrated Stadium", ["Red Bull Arena"], "the Red Bulls' stadium: Red Bull Arena 2010-2024"),
        alias("Madison Square Garden", ["MSG"], "the Garden's common short name"),
        alias("Bell Centre", ["Centre Bell"], "the NHL's own feed (fastRhockey 2025-26) writes the French name"),
    ]

    /// Venues outside the gazetteer's countries: zone, country and city set explicitly.
    static let abroad: [VenueFacts] = [
        abroad("Wembley Stadium", "London", "GB", "Europe/London"),
        abroad("Tottenham Hotspur Stadium", "London", "GB", "Europe/London"),
        abroad("Stade de France", "Saint-Denis", "FR", "Europe/Paris"),
        abroad("Accor Arena", "Paris", "FR", "Europe/Paris"),
        abroad("Santiago Bernabéu", "Madrid", "ES", "Europe/Madrid"),
        abroad("Allianz Arena", "Munich", "DE", "Europe/Berlin"),
        abroad("Maracanã Stadium", "Rio de Janeiro", "BR", "America/Sao_Paulo"),
        abroad("Melbourne Cricket Ground", "Melbourne", "AU", "Australia/Melbourne"),
        abroad("Avicii Arena", "Stockholm", "SE", "Europe/Stockholm"),
        abroad("The O2", "London", "GB", "Europe/London"),
        abroad("Co-op Live", "Manchester", "GB", "Europe/London"),
        abroad("Uber Arena", "Berlin", "DE", "Europe/Berlin"),
        abroad("Tokyo Dome", "Tokyo", "JP", "Asia/Tokyo"),
    ]

    /// Venues no raw file places, located by hand. Each row names the public listings it was
    /// checked against (found with the project's search tool); where listings disagreed, the
    /// row says which was kept and why. Rows marked `approximate` stand on a town centre: their
    /// stadiums carry `locationApproximate` (Co-op Live, placed on the stadium 0.3 km away, is not).
    static let located: [VenueFacts] = [
        at(
            "Rice-Eccles Stadium", 40.7600, -111.8489, city: "Salt Lake City",
            "the NHL's 2027 Winter Classic venue (UTA club schedule 2026-27); three listings agree within 0.1 km "
                + "(40.76, -111.849; 40.75997, -111.84885 with the address 451 South 1400 East; 40.75986, -111.84878)"),
        at(
            "Intuit Dome", 33.9450, -118.3415, city: "Inglewood",
            "venue database listing (metro 'la', location [-118.3415, 33.945]); a second listing has 33.9459, "
                + "-118.3410 (0.1 km). Two other listings at 33.896 and 33.959 are off by 5 km and 1.5 km."),
        at(
            "Moody Center", 30.2818, -97.7320, city: "Austin",
            "two listings agree: 30.2818, -97.732 and 30.281, -97.731"),
        at(
            "The O2", 51.5030, 0.0032, city: "London",
            "listing with the street address (Peninsula Square, London SE10 0DX)"),
        at(
            "Uber Arena", 52.5062, 13.4434, city: "Berlin",
            "listing with the street address (Mercedes-Platz 1, 10243 Berlin)"),
        at(
            "Co-op Live", 53.4831, -2.2004, city: "Manchester",
            "approximate: the Etihad Stadium next door (three listings agree on 53.4831, -2.2004); Co-op Live "
                + "stands on the same campus, about 0.3 km away"),
        at(
            "CareFirst Arena", 38.8469, -76.9914, city: "Washington",
            "three listings agree within 0.3 km (38.846972, -76.991444; 38.8469, -76.9914 with the address "
                + "1100 Oak Dr SE; 38.8473, -76.9885)"),
        at(
            "Coca-Cola Coliseum", 43.6353, -79.4185, city: "Toronto",
            "two listings agree: 43.6353, -79.4185 and 43.6359, -79.4187"),
        at(
            "College Park Center", 32.7299, -97.1081, city: "Arlington",
            "two listings agree: 32.7299, -97.1081 and 32.7296, -97.1084"),
        at(
            "Galen Center", 34.0212, -118.2797, city: "Los Angeles",
            "three listings agree within 0.1 km (34.0212, -118.2797; 34.021, -118.28; 34.02088, -118.28001)"),
        at(
            "Gateway Center Arena", 33.6468, -84.4597, otherNames: ["Gateway Center"], city: "College Park",
            "venue database listing [-84.4597, 33.6468] and a listing with the address (2330 Convention Center "
                + "Concourse) at 33.6467, -84.4597; other listings scatter by 1-4 km"),
        at(
            "Michelob ULTRA Arena", 36.0923, -115.1765, city: "Las Vegas",
            "the arena is inside Mandalay Bay (address 3950 S Las Vegas Blvd), listed at 36.0923, -115.1765. "
                + "Two listings at 36.102-36.1025 were rejected: that is New York-New York's position (36.1023, -115.1740)"
        ),
        at(
            "Mohegan Sun Arena", 41.4910, -72.0910, city: "Uncasville",
            "two listings agree within 0.6 km: 41.4910, -72.0910 and 41.4949, -72.0951"),
        at(
            "Wintrust Arena", 41.8534, -87.6193, city: "Chicago",
            "two listings agree: 41.8534, -87.6193 and 41.8534, -87.6199"),
        at(
            "PeoplesBank Arena", 41.76371, -72.68509, otherNames: ["XL Center", "Hartford Civic Center"],
            city: "Hartford",
            approximate: true,
            "approximate: GeoNames Hartford, CT city centre; the arena (XL Center until 2025) is downtown, under 1 km away"
        ),
        at(
            "SeatGeek Stadium", 41.7648, -87.8062, otherNames: ["Toyota Park"], city: "Bridgeview",
            "venue database listing [-87.8062, 41.7648] (names Toyota Park, SeatGeek Stadium from 2018-11-01); a "
                + "second listing has 41.7680, -87.8100 (0.5 km)"),
        at(
            "Stanford Stadium", 37.4345, -122.1619, city: "Stanford",
            "venue database listing [-122.1619, 37.4345]"),
        at(
            "Inter Miami CF Stadium", 26.1953, -80.1748, otherNames: ["Chase Stadium", "DRV PNK Stadium"],
            city: "Fort Lauderdale",
            "one listing (as Chase Stadium, formerly DRV PNK Stadium, on the former Lockhart Stadium site); "
                + "not cross-checked, may be off by about 1.5 km"),
        at(
            "Bristol Motor Speedway", 36.5157, -82.2570, city: "Bristol",
            "the track, not Bristol's centre (10.7 km away): a NASCAR track table lists 36.5157, -82.2570 and a "
                + "racing-simulator track table 36.5156, -82.2570; issue 9 reports four listings agreeing"),
    ]

    /// MLB special and neutral sites.
    static let special: [VenueFacts] = [
        VenueFacts(
            name: "Field of Dreams",
            coordinate: Coordinate(latitude: 42.4980, longitude: -91.0556), city: "Dyersville",
            source:
                "hand-made: the ballpark at the movie site on Field of Dreams Way, 5.7 km east-north-east of "
                + "Dyersville's centre (Wikipedia 'Field of Dreams (Dubuque County, Iowa)': 42°29′53″N "
                + "91°03′20″W; the MLB park beside the movie diamond is within 0.3 km). Two code listings were "
                + "rejected: 42.4711, -90.9268 (11 km east) and 42.5377, -91.0888 (5 km north)"),
        VenueFacts(
            name: "Las Vegas Ballpark", city: "Las Vegas",
            source: "city: the ballpark's postal address in Summerlin, Las Vegas NV"),
        VenueFacts(
            name: "Journey Bank Ballpark",
            otherNames: ["BB&T Ballpark at Historic Bowman Field", "BB&T Ballpark", "Muncy Bank Ballpark"],
            city: "Williamsport",
            source: "Retrosheet WIL02 (Williamsport PA); kurimareiji Little League Classic venue: BB&T Ballpark "
                + "2018-2021, Muncy Bank Ballpark 2022-2023, Journey Bank Ballpark 2024-"),
        VenueFacts(
            name: "Estadio Alfredo Harp Helú", city: "Mexico City",
            source: "geojson-ballparks legacy file (Diablos Rojos del México)"),
        VenueFacts(
            name: "George M. Steinbrenner Field", city: "Tampa",
            source: "city: the Yankees' spring park in Tampa (the nearest GeoNames place is Egypt Lake-Leto)"),
        VenueFacts(
            name: "Sutter Health Park", city: "West Sacramento",
            source: "city: geojson-ballparks places the park across the river from Sacramento, in West Sacramento"),
    ]

    private static func at(
        _ name: String, _ latitude: Double, _ longitude: Double, otherNames: [String] = [], city: String,
        approximate: Bool = false, _ source: String
    ) -> VenueFacts {
        VenueFacts(
            name: name, otherNames: otherNames, coordinate: Coordinate(latitude: latitude, longitude: longitude),
            coordinateIsApproximate: approximate, city: city, source: "hand-made: " + source)
    }

    private static func alias(_ name: String, _ others: [String], _ source: String) -> VenueFacts {
        VenueFacts(name: name, otherNames: others, source: source)
    }

    private static func abroad(_ name: String, _ city: String, _ country: String, _ zone: String) -> VenueFacts {
        VenueFacts(
            name: name, city: city, country: country, timeZone: zone, source: "zone and country: hand-made (IANA)")
    }
}
