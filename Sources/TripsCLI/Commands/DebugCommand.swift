import ArgumentParsing
import TripsStore

/// `trips debug …`: tools for checking the store against the cloud.
enum DebugCommand {
    static let spec = TripsCommandSpec(
        name: "debug", summary: "Tools for checking the local store",
        subcommands: [ChecksumCommand.spec])
}

/// `trips debug checksum`: the store's convergence checksum, comparable with the cloud's.
struct ChecksumCommand: TripsCommand {
    static let spec = TripsCommandSpec(
        name: "checksum", summary: "Print the convergence checksum of the local store",
        discussion: """
            One line per record type with live records: TYPE COUNT SHA256 over the sorted
            "recordName:recordChangeTag" lines — exactly what `trips-cloud checksum` prints
            for the server, so `diff` of the two outputs shows whether sync converged.
            """,
        action: action)

    init(_ arguments: ParsedArguments, context: CLIContext) {}

    func run(_ context: CLIContext) throws {
        for line in try context.store().checksumLines() { context.stdout.line(line) }
    }
}
