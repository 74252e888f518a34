import ArgumentParsing

/// `trips man`: the trips(1) man page as roff, generated from the command tree
/// (`ManualPage`) with the exit codes, environment and files of `TripsManual`.
struct ManualCommand: TripsCommand {
    static let spec = TripsCommandSpec(
        name: "man", summary: "Print the manual page (roff); read it with: trips man | man -l -",
        discussion: "`make install` installs it as share/man/man1/trips.1 under the prefix, for `man trips`.",
        examples: ["trips man"], action: action)

    init(_ arguments: ParsedArguments, context: CLIContext) {}

    func run(_ context: CLIContext) {
        context.stdout.write(TripsManual.page.render())
    }
}
