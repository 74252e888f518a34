import ArgumentParsing
import TripsRender
import TripsStore

/// A command that lists what the store holds for some sports (`teams`, `seasons`): each reads
/// `--sport` and `--format` and writes its listing the same way, so it says only what it lists.
protocol ListingCommand: TripsCommand {
    associatedtype Listing: Rendering
    /// The command's `--format`: its choices are the formats its listing offers.
    static var format: Option<OutputFormat?> { get }
    /// `ListingRequest.wide` when the command's table fits the terminal.
    static var wide: Option<Bool>? { get }
    var request: ListingRequest { get }
    init(request: ListingRequest)
    /// The listing of `sports` (nil: every sport).
    func listing(_ provider: DataProvider, sports: Set<String>?, context: CLIContext) throws -> Listing
}

extension ListingCommand {
    static var wide: Option<Bool>? { nil }

    @MainActor init(_ arguments: ParsedArguments, context: CLIContext) throws {
        self.init(request: try ListingRequest(arguments, format: Self.format, wide: Self.wide))
    }

    @MainActor func run(_ context: CLIContext) throws {
        let provider = try context.provider()
        let listing = try listing(provider, sports: request.sportFilter(provider), context: context)
        context.stdout.write(try request.format.render(listing, style: context.style))
    }
}
