import ArgumentParsing
import TripsStore

/// What the listing commands (`teams`, `seasons`) share: the sports to list and the format,
/// read from the shared `--sport` and each command's own `--format`.
struct ListingRequest {
    static let sport = Option<[String]>.commaList("sport", "LIST", "Sports to include (comma-separated or repeated)")
        .completing(.dynamic(.sport))

    /// `--wide` of the commands whose tables fit the terminal (`teams`, `stadiums`).
    static let wide = Option<Bool>.flag("wide", "Every column in full (default: fit the terminal, else 80)")

    var sports: [String]
    var format: OutputFormat
    /// `--wide`: the table's every column, however wide.
    var wide = false

    init(_ arguments: ParsedArguments, format: Option<OutputFormat?>, wide: Option<Bool>? = nil) throws {
        sports = try arguments.read(ListingRequest.sport)
        self.format = try arguments.read(format) ?? .table
        self.wide = try wide.map { try arguments.read($0) } ?? false
    }

    /// The width a table must fit: nil with `--wide`.
    func columns(_ context: CLIContext) -> Int? { wide ? nil : context.columns }

    /// The `--sport` filter resolved against the store: nil lists every sport.
    func sportFilter(_ provider: DataProvider) throws -> Set<String>? {
        try provider.sportFilter(sports)
    }
}
