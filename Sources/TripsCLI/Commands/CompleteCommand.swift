import ArgumentParsing
import OutputText
import TripsModel
import TripsStore

/// `trips __complete WORDS…`: the candidates for the last word of a command line being typed,
/// one per line. The completion scripts ask it for what only the store knows (teams, venues,
/// seasons); it answers subcommands and options too, by the parser's rules. Hidden, and never
/// fails loudly — whatever goes wrong, it prints nothing and exits 0 — because a shell shows
/// whatever its completer prints.
struct CompleteCommand: TripsCommand {
    static let spec = TripsCommandSpec(
        name: "__complete", summary: "Candidates for the last word of a command line (for completion scripts)",
        usage: "WORDS...", maxPositionals: .max, hidden: true, verbatim: true, action: action)

    var words: [String]

    init(_ arguments: ParsedArguments, context: CLIContext) {
        words = arguments.positionals
    }

    func run(_ context: CLIContext) {
        let parser = TripsCommandLine.parser()
        let point = parser.completionPoint(words)
        if let store = point.given["store"]?.last { context.storeLocation = StoreLocation(storePath: store) }
        let candidates: [String]
        switch parser.offered(at: point) {
        case .none, .files: candidates = []
        case .choices(let names): candidates = point.matching(names)
        case .dynamic(let kind):
            candidates = (try? DataCompletion(point: point, context: context).candidates(kind)) ?? []
        }
        // A name with a line break or a control character would be a broken or hostile candidate.
        for candidate in candidates where !candidate.unicodeScalars.contains(where: TerminalText.isUnsafe) {
            context.stdout.line(candidate)
        }
    }
}
