import TripsStore

/// `trips debug …`: tools for checking the store against the cloud.
enum DebugCommand {
    static let spec = CommandSpec(
        name: "debug", summary: "Tools for checking the local store",
        subcommands: [
            CommandSpec(
                name: "checksum", summary: "Print the convergence checksum of the local store",
                discussion: """
                    One line per record type with live records: TYPE COUNT SHA256 over the sorted
                    "recordName:recordChangeTag" lines — exactly what `trips-cloud checksum` prints
                    for the server, so `diff` of the two outputs shows whether sync converged.
                    """)
        ])

    static func checksum(_ args: ParsedArguments, _ context: CLIContext) throws {
        for line in try context.store().checksumLines() { context.stdout.line(line) }
    }
}
