/// The raw files the bundle is built from, with repository, commit and licence as
/// `../shared/data/raw/PROVENANCE.md` records them ("licence" is what the repository states).
enum SourceCatalog {
    static let kurimaReijiCommit = "b29054d38573d8a73cd3bb36842f6df950c3f78f"

    static func kurimaReiji(_ year: String) -> SourceReference {
        SourceReference(
            path: "kurimareiji-mlb2026/mlb-games-\(year).json", repository: "KurimaReiji/mlb2026",
            commit: kurimaReijiCommit, licence: "none stated (MLB Stats API data)")
    }

    static let ballparks = SourceReference(
        path: GeoJSONBallparks.currentPath, repository: "cageyjames/GeoJSON-Ballparks",
        commit: "4a3b72ede056f0b99facd0c1af1ef4a7aeb1d8d4", licence: "ODC-By 1.0")

    static let legacyBallparks = SourceReference(
        path: GeoJSONBallparks.legacyPath, repository: "cageyjames/GeoJSON-Ballparks",
        commit: "4a3b72ede056f0b99facd0c1af1ef4a7aeb1d8d4", licence: "ODC-By 1.0")

    static let handMade = SourceReference(
        path: "Sources/DataImporter/Tables", repository: "trips (hand-made tables, each row names its check)",
        commit: "-", licence: "project")
}
