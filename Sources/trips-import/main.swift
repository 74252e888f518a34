import ArgumentParsing
import DataImporter
import Foundation

// trips-import --raw DIR --out DIR [--timestamp MS]
// Rebuilds Data/ from the raw sources; see DataImporter.Importer. Parsed by the same
// `ArgumentParser` as `trips`.

let raw = Option<String?>.value("raw", "DIR", "The raw sources (../shared/data/raw)")
let out = Option<String?>.value("out", "DIR", "Where to write the bundle (Data)")
let timestamp = Option<Int?>.int(
    "timestamp", "MS", in: 0...Int.max, "Milliseconds since 1970 stamped on every record (default: now)")
let help = Option<Bool>.flag("help", short: "h", "Show this help")

let root = CommandSpec<Void>(
    name: "trips-import", summary: "Rebuild the bundled data (Data/) from the raw sources",
    usage: "--raw DIR --out DIR [--timestamp MS]", options: [raw, out, timestamp],
    examples: ["trips-import --raw ../shared/data/raw --out Data"])
let parser = ArgumentParser(root: root, globalOptions: [help])

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("trips-import: \(message)\n".utf8))
    exit(status)
}

let arguments: ParsedArguments
do {
    arguments = try parser.parse(Array(CommandLine.arguments.dropFirst()))
    if try arguments.read(help) {
        print(parser.help(for: []), terminator: "")
        exit(0)
    }
} catch {
    fail("\(error.message)\n\(error.usage)", status: 2)
}
do {
    guard let rawPath = try arguments.read(raw), let outPath = try arguments.read(out) else {
        throw arguments.error(.missingRequired("--raw DIR and --out DIR"))
    }
    let now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
    let summary = try Importer(
        raw: URL(fileURLWithPath: rawPath), output: URL(fileURLWithPath: outPath),
        timestamp: try arguments.read(timestamp).map(Int64.init) ?? now
    ).run()
    print(summary)
} catch let error as UsageError {
    fail("\(error.message)\n\(error.usage)", status: 2)
} catch {
    fail("\(error)", status: 1)
}
