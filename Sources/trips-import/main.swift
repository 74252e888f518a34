import DataImporter
import Foundation

// trips-import --raw DIR --out DIR [--timestamp MS]
// Rebuilds Data/ from the raw sources; see DataImporter.Importer.

let usage = "usage: trips-import --raw DIR --out DIR [--timestamp MS]"
var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard ["--raw", "--out", "--timestamp"].contains(flag), let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("trips-import: unexpected '\(flag)'\n\(usage)\n".utf8))
        exit(2)
    }
    options[flag] = value
}
guard let raw = options["--raw"], let out = options["--out"] else {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(2)
}
let now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
guard let timestamp = options["--timestamp"].map({ Int64($0) }) ?? now else {
    FileHandle.standardError.write(Data("trips-import: --timestamp takes milliseconds since 1970\n".utf8))
    exit(2)
}
do {
    let summary = try Importer(
        raw: URL(fileURLWithPath: raw), output: URL(fileURLWithPath: out), timestamp: timestamp
    ).run()
    print(summary)
} catch {
    FileHandle.standardError.write(Data("trips-import: \(error)\n".utf8))
    exit(1)
}
