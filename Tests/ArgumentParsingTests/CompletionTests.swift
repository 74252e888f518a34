import Testing

@testable import ArgumentParsing

/// Completion from the tree: where the cursor stands by the parser's rules (never failing),
/// what the specs offer there, hidden and verbatim commands, and roff that stays text.
@Suite struct CompletionTests {
    static let team = DynamicValues("team")

    /// The parser tests' options, two of them offering values on TAB.
    enum Options {
        typealias Plain = ArgumentParserTests.Options
        static let team = Plain.team.completing(.dynamic(CompletionTests.team))
        static let store = Plain.store.completing(.files)
    }

    static let root = CommandSpec<Void>(
        name: "tool", summary: "A tool", usage: "<command> [options]",
        subcommands: [
            CommandSpec(
                name: "games", summary: "List games",
                options: [Options.Plain.sport, Options.team, Options.Plain.home, Options.Plain.format],
                action: { _, _ in }),
            CommandSpec(
                name: "config", summary: "Settings",
                subcommands: [
                    CommandSpec(
                        name: "get", summary: "One setting", usage: "KEY", maxPositionals: 1,
                        positionalValues: [.choices(["cloud.url", "cloud.container"])], action: { _, _ in })
                ]),
            CommandSpec(
                name: "__complete", summary: "Candidates", maxPositionals: .max, hidden: true, verbatim: true,
                action: { _, _ in }),
        ])
    let parser = ArgumentParser(root: root, globalOptions: [Options.store, Options.Plain.help])

    func offered(_ words: String...) -> [String] {
        let point = parser.completionPoint(words)
        guard case .choices(let names) = parser.offered(at: point) else { return [] }
        return point.matching(names)
    }

    @Test func subcommandsOptionsAndChoicesAreOfferedWhereTheParserWouldTakeThem() {
        #expect(offered("") == ["games", "config"])
        #expect(offered("ga") == ["games"])
        #expect(offered("config", "") == ["get"])
        #expect(offered("games", "--") == ["--sport", "--team", "--home", "--format", "--store", "--help"])
        #expect(offered("--store", "x.sqlite", "games", "--format", "") == ["table", "json"])
        #expect(offered("games", "--format=J") == ["json"])
        #expect(offered("config", "get", "cloud.c") == ["cloud.container"])
        // A leaf with nothing else to offer lists its options; a typed word there gets nothing.
        #expect(offered("games", "").count == 6)
        #expect(offered("games", "x").isEmpty)
        #expect(offered("config", "get", "cloud.url", "").count == 2)
    }

    @Test func valuesKnowTheirOptionAndWhatWasTypedBefore() {
        let point = parser.completionPoint(["--store", "s.sqlite", "games", "--sport=nhl", "--home", "--team", "HO"])
        #expect(point.path == ["games"])
        #expect(point.slot == .value(Options.team.spec))
        #expect(point.partial == "HO")
        #expect(point.given == ["store": ["s.sqlite"], "sport": ["nhl"]])
        #expect(parser.offered(at: point) == .dynamic(Self.team))
        #expect(parser.offered(at: parser.completionPoint(["--store", ""])) == .files)
        #expect(parser.completionPoint(["games", "--team=B"]).partial == "B")
    }

    @Test func wordsThatDoNotParseAreSteppedOverNeverThrown() {
        #expect(offered("--bogus", "--home=1", "ga") == ["games"])
        // An unknown command is a positional, as for the parser: no subcommand can follow.
        #expect(offered("gmaes", "ga").isEmpty)
        #expect(offered("games", "--team", "--fo") == ["--format"])
        #expect(offered("games", "--", "--fo").isEmpty)
        #expect(parser.completionPoint([]).slot == .subcommands)
    }

    @Test func theLetterCaseTypedIsPreferredThenIgnored() {
        let point = CompletionPoint(path: [], slot: .nothing, partial: "HO", given: [:])
        #expect(point.matching(["HOU", "Houston Astros", "Hornets"]) == ["HOU"])
        #expect(point.matching(["Houston Astros", "Hornets", "Mets"]) == ["Houston Astros", "Hornets"])
    }

    @Test func aHiddenCommandRunsButIsNeverShownAndAVerbatimOneTakesEveryWord() throws {
        #expect(offered("__") == [])
        #expect(!parser.help(for: []).contains("__complete"))
        #expect(!Self.root.visibleWalk().contains { $0.command.name == "__complete" })
        #expect(Self.root.walk().contains { $0.command.name == "__complete" })
        #expect(throws: UsageError.self) { try parser.parse(["_complete"]) }
        let parsed = try parser.parse(["__complete", "games", "--team", "--help", "--", "HO"])
        #expect(parsed.commandPath == ["__complete"])
        #expect(parsed.positionals == ["games", "--team", "--help", "--", "HO"])
    }

    @Test func helpTextThatLooksLikeRoffStaysText() {
        #expect(Roff.escape(#"--team \fB — ü"#) == #"\-\-team \efB \[u2014] \[u00FC]"#)
        #expect(Roff.lines(".SH evil\n  'quoted\n\nnext") == [#"\&.SH evil"#, #"\&'quoted"#, ".PP", "next"])
        #expect(Roff.argument(#"say "hi""#) == #""say \(dqhi\(dq""#)
    }
}
