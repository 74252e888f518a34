import Testing

@testable import ArgumentParsing

/// Number options against huge, tiny and non-numbers: each is a value or a usage error, never a
/// crash (a Double too large for an Int or a Duration used to trap when converted).
@Suite struct NumberOptionTests {
    enum Options {
        static let count = Option<Int?>.int("count", "N", in: 0...1000, "A count")
        static let hours = Option<Double?>.number("hours", "H", in: 0.001...604_800, "Hours")
        static let interval = Option<Duration?>.duration("interval", "TIME", in: .seconds(1)...(.seconds(86_400)), "")
        static let limit = Option<Duration?>.duration("time-limit", "TIME", in: .seconds(1)...(.seconds(3600)), "")
    }

    static let parser = ArgumentParser<Void>(
        root: CommandSpec(
            name: "tool", summary: "A tool",
            options: [Options.count, Options.hours, Options.interval, Options.limit], action: { _, _ in }),
        globalOptions: [])

    static let extremes = [
        "1e16", "1e19", "1e308", "-1e308", "1.8e308", "5e-324", "-5e-324", "nan", "NaN", "inf", "-inf", "infinity",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "1e16s", "1e16ms", "1e16h", "1e308m",
        "5e-324s", "0x10", "", " 5", "5 ", "+5",
    ]

    @Test(arguments: extremes)
    func anExtremeNumberIsAValueInRangeOrAUsageError(text: String) throws {
        for option in ["--count", "--hours", "--interval", "--time-limit"] {
            do {
                let parsed = try Self.parser.parse([option, text])
                let count = try parsed.read(Options.count)
                let hours = try parsed.read(Options.hours)
                let interval = try parsed.read(Options.interval)
                let limit = try parsed.read(Options.limit)
                #expect(count.map { (0...1000).contains($0) } ?? true, "\(option) \(text)")
                #expect(hours.map { $0.isFinite && (0.001...604_800).contains($0) } ?? true, "\(option) \(text)")
                #expect(interval.map { (.seconds(1)...(.seconds(86_400))).contains($0) } ?? true, "\(option) \(text)")
                #expect(limit.map { (.seconds(1)...(.seconds(3600))).contains($0) } ?? true, "\(option) \(text)")
            } catch {
                #expect(error.message.contains(option), "\(option) \(text): \(error.message)")
            }
        }
    }

    @Test(arguments: ["1e16", "1e308", "1e16s", "9.3e15m", "2.6e15h", "1e19ms"])
    func aDurationBeyondAnyRangeIsNotParsed(text: String) {
        #expect(Duration.parse(text) == nil)
    }

    @Test func ordinaryDurationsStillParse() {
        #expect(Duration.parse("30s") == .seconds(30))
        #expect(Duration.parse("2.5m") == .seconds(150))
        #expect(Duration.parse("500ms") == .milliseconds(500))
        #expect(Duration.parse("1e3") == .seconds(1000))
    }
}
