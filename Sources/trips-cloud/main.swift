import CloudServer
import Foundation

// trips-cloud: the CloudKit Web Services–compatible development server and its admin tools.
// Thin: each command parses its arguments and calls CloudServer; errors become one line on
// stderr and an exit status (1 failure, 2 usage).
let words = CommandLine.arguments.dropFirst()

// `--help` anywhere (`trips-cloud admin --help`) shows the usage, like a bare `help`.
if words.contains(where: { $0 == "--help" || $0 == "-h" }) {
    print(usage, terminator: "")
    exit(0)
}

do {
    switch words.first {
    case "serve":
        try ServeCommand.run(try Arguments(words.dropFirst(), options: ServeCommand.options, flags: ServeCommand.flags))
    case "user":
        try UserCommand.run(words.dropFirst())
    case "admin":
        try await AdminCommand.run(words.dropFirst())
    case "checksum":
        try await ChecksumCommand.run(words.dropFirst())
    case "help", "--help", "-h":
        print(usage, terminator: "")
    case nil:
        throw CloudUsageError("a command is needed")
    case let other?:
        throw CloudUsageError("unknown command \(other)")
    }
} catch let error as CloudUsageError {
    Stderr.line("trips-cloud: \(error)\nsee trips-cloud --help")
    exit(2)
} catch {
    Stderr.line("trips-cloud: \(error)")
    exit(1)
}
