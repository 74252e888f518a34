import ArgumentParsing
import Foundation

/// `trips-cloud`'s command tree, parsed by the same `ArgumentParser` as `trips`: help is
/// rendered from it and each command's action runs from it.
enum CloudCommandLine {
    static let help = Option<Bool>.flag("help", short: "h", "Show help for the command")

    static let root: CommandSpec<Void> = CommandSpec(
        name: "trips-cloud", summary: "The CloudKit Web Services–compatible development server and its admin tools.",
        usage: "<command> [options]",
        subcommands: [
            ServeCommand.spec, UserCommand.spec, KeyCommand.spec, AdminCommand.spec, PublishCommand.spec,
            ChecksumCommand.spec,
            CommandSpec(
                name: "help", summary: "Show this help", action: { _, _ in print(parser.help(for: []), terminator: "") }
            ),
        ])

    static let parser: ArgumentParser<Void> = ArgumentParser(root: root, globalOptions: [help])

    /// Runs the process's command line; exits 0, 1 (failure) or 2 (usage).
    @MainActor
    static func main() async -> Never {
        let words = Array(CommandLine.arguments.dropFirst())
        do {
            let arguments = try parser.parse(words)
            if try arguments.read(help) {
                print(parser.help(for: arguments.commandPath), terminator: "")
                exit(0)
            }
            let command = root.command(at: arguments.commandPath)
            guard let action = command.action else {
                throw arguments.error(.missingCommand(among: command.subcommands.map(\.name)))
            }
            try await action(arguments, ())
            exit(0)
        } catch let error as UsageError {
            Stderr.line("trips-cloud: \(error.message)\n\(error.usage)\nsee trips-cloud --help")
            exit(2)
        } catch let error as CloudUsageError {
            Stderr.line("trips-cloud: \(error)\nsee trips-cloud --help")
            exit(2)
        } catch {
            Stderr.line("trips-cloud: \(error)")
            exit(1)
        }
    }
}

/// A mistake on `trips-cloud`'s command line found after parsing (options that exclude each
/// other, a bad fault plan): reported with a pointer to `--help`, exit status 2.
struct CloudUsageError: Error, CustomStringConvertible {
    var description: String

    init(_ message: String) { description = message }
}

extension ParsedArguments {
    /// Exactly as many positional arguments as `names`, else a usage error naming them.
    func positionals(_ names: String...) throws(UsageError) -> [String] {
        guard positionals.count == names.count else { throw error(.missingRequired(names.joined(separator: " "))) }
        return positionals
    }
}
