import Foundation

/// One line of the `make bench` table: a median over repeated runs, with its target.
struct BenchRow: Sendable {
    var name: String
    var median: Double
    var unit: String
    var target: String = ""
    var note: String = ""
}

/// Runs `body` `runs` times (after `warmup` unmeasured runs) and answers the median seconds.
func medianSeconds(runs: Int = 7, warmup: Int = 1, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<warmup { try body() }
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return samples.sorted()[samples.count / 2]
}

/// Async variant of `medianSeconds`.
func medianSeconds(runs: Int = 7, warmup: Int = 1, _ body: () async throws -> Void) async rethrows -> Double {
    for _ in 0..<warmup { try await body() }
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return samples.sorted()[samples.count / 2]
}

/// Where the benchmark finds the repository's files and built executables.
struct BenchContext: Sendable {
    /// The repository root (holds `Data/`).
    var root: URL
    /// The folder with the built `trips` and `trips-cloud`.
    var binaries: URL
    /// A scratch folder, removed at the end.
    var scratch: URL

    var dataDirectory: URL { root.appendingPathComponent("Data") }
}

func printRows(_ rows: [BenchRow]) {
    for row in rows {
        let value = row.unit == "ms" ? String(format: "%.2f", row.median * 1000) : String(format: "%.0f", row.median)
        let cells = [row.name, value + " " + (row.unit == "ms" ? "ms" : row.unit), row.target, row.note]
        print(cells.joined(separator: "\t"))
    }
    fflush(nil)
}
