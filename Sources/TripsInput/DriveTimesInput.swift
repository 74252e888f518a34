import CloudKitWeb
import FoundationEssentials
import InputText
import OutputText
import TripsModel
import TripsPlanner
import TripsStore

/// `--drive-times FILE`: the fan's own road miles and minutes between venues, as CSV
/// (`from,to,miles,minutes`, a header optional, `#` comments; RFC 4180 as spreadsheets write
/// it: CRLF, quoted fields, a byte-order mark) or JSON (an array of objects with
/// those keys, or `{"roads": [...]}`). Venues are ids or names, resolved like `--start` venues
/// (current and former names, with suggestions); every problem is bad input (exit 2) naming
/// the file and the line.
public struct DriveTimesInput {
    public let path: String
    public let provider: DataProvider
    public let now: Date

    public init(path: String, provider: DataProvider, now: Date) {
        self.path = path
        self.provider = provider
        self.now = now
    }

    /// One row as written: the line it is on and its four values.
    private struct Row {
        var line: Int
        var from: String
        var to: String
        var miles: String
        var minutes: String
    }

    private struct JSONRoad: Decodable {
        var from: String
        var to: String
        var miles: Double
        var minutes: Double
    }

    private struct JSONRoads: Decodable {
        var roads: [JSONRoad]
    }

    public func load() throws -> RoadTimes {
        guard let data = try? Data(contentsOf: URL(filePath: path)) else {
            throw InputError.other("cannot read --drive-times file '\(path)' (no such file, or not readable)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw InputError.other("\(path): not UTF-8 text")
        }
        let first = text.first { !$0.isWhitespace && $0 != "\u{FEFF}" }
        let rows = path.lowercased().hasSuffix(".json") || first == "[" || first == "{" ? try json(text) : try csv(text)
        guard !rows.isEmpty else {
            throw InputError.other("\(path): no drives — expected rows of from,to,miles,minutes")
        }
        var times = RoadTimes(source: path)
        var resolved: [String: String] = [:]
        func venue(_ name: String, line: Int) throws -> String {
            if let id = resolved[name] { return id }
            do {
                let id = try provider.resolveStadium(name, asOf: now).stadium.id
                resolved[name] = id
                return id
            } catch let error as ResolutionError {
                throw InputError.other("\(path) line \(line): \(error.description)")
            }
        }
        for row in rows {
            let from = try venue(row.from, line: row.line)
            let to = try venue(row.to, line: row.line)
            guard from != to else {
                throw InputError.other("\(path) line \(row.line): '\(row.from)' and '\(row.to)' are the same venue")
            }
            let miles = try number(row.miles, "miles", line: row.line, in: Self.miles)
            let minutes = try number(row.minutes, "minutes", line: row.line, in: Self.minutes)
            times.set(RoadTimes.Road(miles: miles, minutes: minutes), from: from, to: to)
        }
        return times
    }

    /// Miles of one drive: no road between two North-American venues is 10,000 miles long, and a
    /// value past that (1e17) would overflow the planner's integer miles.
    static let miles = 0.0...10_000.0
    /// Minutes of one drive: at least a minute (a hop next door), at most ten days at the wheel.
    static let minutes = 1.0...14_400.0

    private func number(_ text: String, _ what: String, line: Int, in range: ClosedRange<Double>) throws -> Double {
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            let bounds = "from \(Int(range.lowerBound)) to \(Int(range.upperBound).grouped)"
            throw InputError.other("\(path) line \(line): \(what) '\(text)' is not a number \(bounds)")
        }
        return value == 0 ? 0 : value  // -0 is 0
    }

    /// Rows of a CSV file (RFC 4180, `CSVRecords`: CRLF or LF, quoted fields, a byte-order mark).
    /// A first row naming the columns (from, to, miles, minutes in any order, other columns
    /// ignored) is a header; otherwise the columns are in that order. Blank rows and rows
    /// starting with an unquoted `#` are skipped.
    private func csv(_ text: String) throws -> [Row] {
        let records: [CSVRecords.Record]
        do {
            records = try CSVRecords.parse(text)
        } catch {
            throw InputError.other("\(path) line \(error.line): a quoted field is never closed (a \" is missing)")
        }
        var rows: [Row] = []
        var columns = [0, 1, 2, 3]
        var seenFirst = false
        for record in records {
            let line = record.line
            let fields = record.fields.map(\.trimmed)
            guard fields.contains(where: { !$0.isEmpty }) || record.firstQuoted else { continue }
            if !record.firstQuoted && record.fields.first?.first == "#" { continue }
            if !seenFirst {
                seenFirst = true
                let names = fields.map { $0.lowercased() }
                if Set(names).isSuperset(of: ["from", "to", "miles", "minutes"]) {
                    columns = ["from", "to", "miles", "minutes"].map { names.firstIndex(of: $0)! }
                    continue
                }
            }
            guard fields.count >= 4, columns.allSatisfy({ $0 < fields.count }) else {
                throw InputError.other(
                    "\(path) line \(line): expected 4 fields (from,to,miles,minutes), found \(fields.count)")
            }
            rows.append(
                Row(
                    line: line, from: fields[columns[0]], to: fields[columns[1]], miles: fields[columns[2]],
                    minutes: fields[columns[3]]))
        }
        return rows
    }

    /// Rows of a JSON file, each with the line its object starts on.
    private func json(_ text: String) throws -> [Row] {
        let data = Data(text.utf8)
        let roads: [JSONRoad]
        do {
            if text.first(where: { !$0.isWhitespace }) == "{" {
                roads = try JSONDecoder().decode(JSONRoads.self, from: data).roads
            } else {
                roads = try JSONDecoder().decode([JSONRoad].self, from: data)
            }
        } catch {
            throw InputError.other(
                "\(path): not a list of drives — expected JSON like "
                    + "[{\"from\": \"Wrigley Field\", \"to\": \"American Family Field\", \"miles\": 92, \"minutes\": 100}]"
                    + " or {\"roads\": [...]}")
        }
        let lines = Self.objectLines(in: text)
        return roads.enumerated().map { index, road in
            Row(
                line: lines.count == roads.count ? lines[index] : index + 1, from: road.from, to: road.to,
                miles: Self.text(road.miles), minutes: Self.text(road.minutes))
        }
    }

    private static func text(_ value: Double) -> String { value.isFinite ? "\(value)" : "nan" }

    /// The line of each `{` that opens an object directly inside an array, in order: where each
    /// drive of a well-formed file starts.
    private static func objectLines(in text: String) -> [Int] {
        var lines: [Int] = []
        var stack: [UInt8] = []
        JSONNesting.forEachBracket(in: text) { byte, line in
            switch byte {
            case UInt8(ascii: "{"):
                if stack.last == UInt8(ascii: "[") { lines.append(line) }
                stack.append(byte)
            case UInt8(ascii: "["): stack.append(byte)
            default: _ = stack.popLast()
            }
        }
        return lines
    }
}
