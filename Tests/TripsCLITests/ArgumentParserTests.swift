import Foundation
import Testing
import TripsModel
@testable import TripsCLI

@Suite struct ArgumentParserTests {
    let parser = ArgumentParser(root: TripsCommandLine.root)

    @Test func parsesValuesFlagsAndRepeatedLists() throws {
        let args = try parser.parse(["games", "--sport", "mlb,nba", "--team=HOU", "--team", "astros", "--home", "--sport", "nhl"])
        #expect(args.commandPath == ["games"])
        #expect(args.list("sport") == ["mlb", "nba", "nhl"])
        #expect(args.all("team") == ["HOU", "astros"])
        #expect(args.has("home"))
        #expect(!args.has("away"))
    }

    @Test func globalOptionsWorkBeforeAndAfterTheCommand() throws {
        let before = try parser.parse(["--store", "/tmp/a.sqlite", "games", "--no-color"])
        #expect(before.value("store") == "/tmp/a.sqlite")
        #expect(before.has("no-color"))
        #expect(before.commandPath == ["games"])
        let after = try parser.parse(["teams", "--store=/tmp/b.sqlite"])
        #expect(after.value("store") == "/tmp/b.sqlite")
    }

    @Test func anUnknownFlagIsAUsageErrorWithASuggestionAndTheUsageLine() {
        #expect(throws: UsageError(kind: .unknownOption("--tema", suggestion: "--team"), usage: "Usage: trips games [options]")) {
            try parser.parse(["games", "--tema", "HOU"])
        }
    }

    @Test func aMissingValueIsAUsageError() {
        #expect(throws: UsageError(kind: .missingValue("--team"), usage: "Usage: trips games [options]")) {
            try parser.parse(["games", "--team"])
        }
        // The next token being an option does not count as the value.
        #expect(throws: UsageError(kind: .missingValue("--from"), usage: "Usage: trips games [options]")) {
            try parser.parse(["games", "--from", "--home"])
        }
    }

    @Test func aSingleValuedOptionGivenTwiceIsAUsageError() {
        #expect(throws: UsageError(kind: .repeated("--from"), usage: "Usage: trips games [options]")) {
            try parser.parse(["games", "--from", "2026-06-01", "--from", "2026-07-01"])
        }
    }

    @Test func anUnknownCommandSuggestsTheClosestOne() {
        #expect(throws: UsageError(kind: .unknownCommand("gmaes", suggestion: "games"), usage: "Usage: trips <command> [options]")) {
            try parser.parse(["gmaes"])
        }
    }

    @Test func strayArgumentsAreRejected() {
        #expect(throws: UsageError.self) { try parser.parse(["games", "HOU"]) }
        #expect(throws: UsageError.self) { try parser.parse(["games", "--home=yes"]) }
    }

    @Test func doubleDashEndsOptions() throws {
        #expect(throws: UsageError(kind: .unexpectedArgument("--home"), usage: "Usage: trips games [options]")) {
            try parser.parse(["games", "--", "--home"])
        }
    }

    @Test func helpListsEveryOptionOfTheCommand() {
        let help = HelpText.render(GamesCommand.spec, path: ["games"])
        #expect(help.hasPrefix("USAGE: trips games [options]\n"))
        for option in GamesCommand.spec.options + GlobalOptions.specs {
            #expect(help.contains("--\(option.name)"), "help lacks --\(option.name)")
        }
    }
}

@Suite struct DayInputTests {
    // 2026-11-22 03:00 UTC is still 2026-11-21 in Chicago.
    let now = ISO8601.parse("2026-11-22T03:00:00Z")!

    @Test func parsesAbsoluteAndRelativeDaysInTheUsersZone() {
        let chicago = TimeZone(identifier: "America/Chicago")!
        #expect(DayInput.parse("2026-06-01", now: now, zone: chicago)?.description == "2026-06-01")
        #expect(DayInput.parse("today", now: now, zone: chicago)?.description == "2026-11-21")
        #expect(DayInput.parse("TODAY", now: now, zone: .utc)?.description == "2026-11-22")
        #expect(DayInput.parse("tomorrow", now: now, zone: chicago)?.description == "2026-11-22")
        #expect(DayInput.parse("+7d", now: now, zone: chicago)?.description == "2026-11-28")
        #expect(DayInput.parse("-1w", now: now, zone: chicago)?.description == "2026-11-14")
    }

    @Test(arguments: ["2026-13-01", "2026-02-30", "06/01/2026", "next week", "+d", "7d", ""])
    func rejectsAnythingElse(input: String) {
        #expect(DayInput.parse(input, now: now, zone: .utc) == nil)
    }
}
