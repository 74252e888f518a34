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

/// Prints rows as aligned columns: name, median, target, note.
func printRows(_ rows: [BenchRow]) {
    let cells: [[String]] = rows.map { row in
        let value: String
        switch row.unit {
        case "ms": value = String(format: "%.2f ms", row.median * 1000)
        case "MB": value = String(format: "%.1f MB", row.median)
        case "%": value = String(format: "%.2f %%", row.median)
        case "s": value = String(format: "%.2f s", row.median)
        default: value = String(format: "%.0f %@", row.median, row.unit)
        }
        return [row.name, value, row.target, row.note]
    }
    let nameWidth = max(52, cells.map { $0[0].count }.max() ?? 0)
    for c in cells {
        let name = c[0] + String(repeating: " ", count: nameWidth - c[0].count)
        let value = String(repeating: " ", count: max(0, 14 - c[1].count)) + c[1]
        let target = c[2] + String(repeating: " ", count: max(0, 14 - c[2].count))
        print("\(name)  \(value)  \(target)  \(c[3])")
    }
    fflush(nil)
}
