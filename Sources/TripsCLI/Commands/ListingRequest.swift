import ArgumentParsing
import TripsStore

/// What the listing commands (`teams`, `seasons`) share: the sports to list and the format,
/// read from each command's own `--sport` and `--format` options.
struct ListingRequest {
    var sports: [String]
    var format: OutputFormat

    init(_ arguments: ParsedArguments, sport: Option<[String]>, format: Option<OutputFormat?>) throws {
        sports = try arguments.read(sport)
        self.format = try arguments.read(format) ?? .table
    }

    /// The `--sport` filter resolved against the store: nil lists every sport.
    func sportFilter(_ provider: DataProvider) throws -> Set<String>? {
        try provider.sportFilter(sports)
    }
}
