import Testing

@testable import ArgumentParsing

/// The parser against a small tree of its own: matching, typed reads, errors with the usage
/// line, help and dispatch.
@Suite struct ArgumentParserTests {
    enum Shape: String, CaseIterable, Sendable { case table, json }

    enum Options {
        static let sport = Option<[String]>.list("sport", "LIST", "Sports")
        static let team = Option<[String]>.list("team", "TEAM", "Teams")
        static let home = Option<Bool>.flag("home", "Home only")
        static let from = Option<String?>.value("from", "DATE", "First day")
        static let limit = Option<Int?>.int("limit", "N", in: 1...100, "At most N")
        static let hours = Option<Double?>.number("hours", "H", in: 0.5...24, "Hours")
        static let format = Option<Shape?>.choice("format", "FORMAT", among: Shape.allCases, "table or json")
        static let store = Option<String?>.value("store", "PATH", "Store")
        static let help = Option<Bool>.flag("help", short: "h", "Help")
    }

    static let root = CommandSpec<Void>(
        name: "tool", summary: "A tool", usage: "<command> [options]",
        subcommands: [
            CommandSpec(
                name: "games", summary: "List games",
                options: [
                    Options.sport, Options.team, Options.home, Options.from, Options.limit, Options.hours,
                    Options.format,
                ],
                examples: ["tool games --home"], action: { _, _ in }),
            CommandSpec(name: "group", summary: "A group", subcommands: [CommandSpec(name: "leaf", summary: "Leaf")]),
        ])
    let parser = ArgumentParser(root: root, globalOptions: [Options.store, Options.help])

    @Test func parsesValuesFlagsAndRepeatedListsAsTyped() throws {
        let args = try parser.parse([
            "games", "--sport", "mlb,nba", "--team=HOU", "--team", "astros", "--home", "--sport", "nhl", "--limit", "5",
            "--hours=2.5", "--format", "JSON",
        ])
        #expect(args.commandPath == ["games"])
        #expect(try args.read(Options.sport) == ["mlb,nba", "nhl"])
        #expect(try args.read(Options.team) == ["HOU", "astros"])
        #expect(try args.read(Options.home))
        #expect(try args.read(Options.from) == nil)
        #expect(try args.read(Options.limit) == 5)
        #expect(try args.read(Options.hours) == 2.5)
        #expect(try args.read(Options.format) == .json)
    }

    @Test func aValueOutOfRangeOrNotAChoiceIsAUsageErrorThatSaysWhatFits() throws {
        let args = try parser.parse(["games", "--limit", "0", "--hours", "nan", "--format", "xml"])
        #expect(
            throws: UsageError(
                kind: .invalidValue(option: "--limit", value: "0", reason: "expected a whole number from 1 to 100"),
                usage: "Usage: tool games [options]")
        ) {
            try args.read(Options.limit)
        }
        #expect(
            throws: UsageError(
                kind: .invalidValue(option: "--hours", value: "nan", reason: "expected a number from 0.5 to 24"),
                usage: "Usage: tool games [options]")
        ) {
            try args.read(Options.hours)
        }
        #expect(
            throws: UsageError(
                kind: .invalidValue(option: "--format", value: "xml", reason: "expected one of table, json"),
                usage: "Usage: tool games [options]")
        ) {
            try args.read(Options.format)
        }
    }

    @Test func globalOptionsWorkBeforeAndAfterTheCommand() throws {
        let before = try parser.parse(["--store", "/tmp/a.sqlite", "games", "-h"])
        #expect(try before.read(Options.store) == "/tmp/a.sqlite")
        #expect(try before.read(Options.help))
        #expect(before.commandPath == ["games"])
        let after = try parser.parse(["games", "--store=/tmp/b.sqlite"])
        #expect(try after.read(Options.store) == "/tmp/b.sqlite")
    }

    @Test func anUnknownOptionIsAUsageErrorWithASuggestionAndTheUsageLine() {
        #expect(
            throws: UsageError(
                kind: .unknownOption("--tema", suggestion: "--team"), usage: "Usage: tool games [options]")
        ) {
            try parser.parse(["games", "--tema", "HOU"])
        }
    }

    @Test func aMissingOrEmptyValueIsAUsageError() {
        #expect(throws: UsageError(kind: .missingValue("--team"), usage: "Usage: tool games [options]")) {
            try parser.parse(["games", "--team"])
        }
        // The next token being an option does not count as the value.
        #expect(throws: UsageError(kind: .missingValue("--from"), usage: "Usage: tool games [options]")) {
            try parser.parse(["games", "--from", "--home"])
        }
        #expect(throws: UsageError(kind: .missingValue("--sport"), usage: "Usage: tool games [options]")) {
            try parser.parse(["games", "--sport", " "])
        }
    }

    @Test func aSingleValuedOptionGivenTwiceIsAUsageError() {
        #expect(throws: UsageError(kind: .repeated("--from"), usage: "Usage: tool games [options]")) {
            try parser.parse(["games", "--from", "2026-06-01", "--from", "2026-07-01"])
        }
    }

    @Test func anUnknownCommandSuggestsTheClosestOne() {
        #expect(
            throws: UsageError(
                kind: .unknownCommand("gmaes", suggestion: "games"), usage: "Usage: tool <command> [options]")
        ) {
            try parser.parse(["gmaes"])
        }
    }

    @Test func strayArgumentsAndDoubleDashAreRejected() {
        #expect(throws: UsageError.self) { try parser.parse(["games", "HOU"]) }
        #expect(throws: UsageError.self) { try parser.parse(["games", "--home=yes"]) }
        #expect(throws: UsageError(kind: .unexpectedArgument("--home"), usage: "Usage: tool games [options]")) {
            try parser.parse(["games", "--", "--home"])
        }
    }

    @Test func helpListsEveryOptionTheGlobalsAndTheExamples() {
        let help = parser.help(for: ["games"])
        #expect(help.hasPrefix("USAGE: tool games [options]\n"))
        for option in Self.root.command(at: ["games"]).options + parser.globalOptions {
            #expect(help.contains("--\(option.name)"), "help lacks --\(option.name)")
        }
        #expect(help.contains("EXAMPLES:\n  tool games --home\n"))
        #expect(parser.help(for: ["group"]).contains("See 'tool group <command> --help'"))
    }

    @Test func theReadLogNamesEveryOptionReadAndOnlyThose() throws {
        var args = try parser.parse(["games", "--home"])
        let log = OptionReadLog()
        args.readLog = log
        _ = try args.read(Options.home)
        _ = try args.read(Options.limit)
        #expect(log.names == ["home", "limit"])
    }

    @Test func aReplacedActionRunsInPlaceOfTheOriginal() async throws {
        let replaced = Self.root.replacingAction(at: ["group", "leaf"]) { _, _ in throw Marker() }
        #expect(Self.root.command(at: ["group", "leaf"]).action == nil)
        let action = try #require(replaced.command(at: ["group", "leaf"]).action)
        await #expect(throws: Marker.self) { try await action(ParsedArguments(), ()) }
        #expect(replaced.command(at: ["games"]).action != nil)
        #expect(replaced.walk().map(\.path) == [[], ["games"], ["group"], ["group", "leaf"]])
    }

    struct Marker: Error {}
}
