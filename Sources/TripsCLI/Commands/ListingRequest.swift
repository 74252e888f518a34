import ArgumentParsing
import TripsStore

/// What the listing commands (`teams`, `seasons`) share: the sports to list and the format,
/// read from the shared `--sport` and each command's own `--format`.
struct ListingRequest {
    static let sport = Option<[String]>.commaList("sport", "LIST", "Sports to include (comma-separated or repeated)")
        .completing(.dynamic(.sport))

    var sports: [String]
    var format: OutputFormat

    init(_ arguments: ParsedArguments, format: Option<OutputFormat?>) throws {
        sports = try arguments.read(ListingRequest.sport)
        self.format = try arguments.read(format) ?? .table
    }

    /// The `--sport` filter resolved against the store: nil lists every sport.
    func sportFilter(_ provider: DataProvider) throws -> Set<String>? {
        try provider.sportFilter(sports)
    }
}
