import FoundationEssentials

/// The text format of `Data/places.tsv`, written by the importer and read by `Gazetteer`.
///
/// Tab-separated lines, each starting with its kind, so the file stays small (zone and
/// division names are stored once) and is parsed in one pass without a CSV library:
/// ```
/// # comment
/// Z  America/Chicago                         zones, numbered from 0 in file order
/// A  US  IA  Iowa                            first-level divisions
/// P  Des Moines  US  IA  41.6005  -93.6091  0  214133
///    name        country division lat lon  zone population
/// ```
public enum PlacesTSV {
    /// Writes `places` in file order, with `comments` on top (credits, provenance).
    public static func encode(_ places: [Place], comments: [String]) -> String {
        var zones: [String] = []
        var zoneIndex: [String: Int] = [:]
        var divisions: [String: (country: String, code: String, name: String)] = [:]
        for place in places {
            if zoneIndex[place.timeZone] == nil {
                zoneIndex[place.timeZone] = zones.count
                zones.append(place.timeZone)
            }
            divisions[place.countryCode + "." + place.admin1Code] = (
                place.countryCode, place.admin1Code, place.admin1Name
            )
        }
        var out = ""
        for line in comments { out += "# \(line)\n" }
        for zone in zones { out += "Z\t\(zone)\n" }
        for key in divisions.keys.sorted() {
            let d = divisions[key]!
            out += "A\t\(d.country)\t\(d.code)\t\(d.name)\n"
        }
        for p in places {
            out += "P\t\(p.name)\t\(p.countryCode)\t\(p.admin1Code)\t"
            out += "\(fixed4(p.coordinate.latitude))\t\(fixed4(p.coordinate.longitude))\t"
            out += "\(zoneIndex[p.timeZone]!)\t\(p.population)\n"
        }
        return out
    }

    /// Reads every place. Work is on raw UTF-8 bytes: this runs on the `trips plan` path.
    public static func decode(_ text: String) throws(GazetteerError) -> [Place] {
        var text = text
        let result: Result<[Place], GazetteerError> = text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            do throws(GazetteerError) { return .success(try parser.run()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// "41.6005": four decimals (about 11 m) is all a trip planner needs.
    static func fixed4(_ value: Double) -> String {
        let scaled = Int((value * 10_000).rounded())
        let sign = scaled < 0 ? "-" : ""
        let magnitude = abs(scaled)
        let fraction = String(magnitude % 10_000)
        return "\(sign)\(magnitude / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)"
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var zones: [String] = []
        var divisionNames: [String: String] = [:]
        var places: [Place] = []
        var lineNumber = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func run() throws(GazetteerError) -> [Place] {
            places.reserveCapacity(bytes.count / 40)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                lineNumber += 1
                if end > start { try line(start, end) }
                start = end + 1
            }
            return places
        }

        /// The division of the previous place row: rows are grouped by division, so most rows
        /// reuse these strings instead of building new ones.
        private var lastDivision: (country: Range<Int>, code: Range<Int>, strings: (String, String, String))?
        private var fields: [Range<Int>] = []

        private mutating func line(_ start: Int, _ end: Int) throws(GazetteerError) {
            switch bytes[start] {
            case UInt8(ascii: "#"), UInt8(ascii: "\r"): return
            default: break
            }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = start
            for i in start..<end where bytes[i] == UInt8(ascii: "\t") {
                fields.append(fieldStart..<i)
                fieldStart = i + 1
            }
            var last = end
            if last > fieldStart && bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
            fields.append(fieldStart..<last)
            switch (bytes[fields[0].lowerBound], fields[0].count, fields.count) {
            case (UInt8(ascii: "P"), 1, 8):
                guard let lat = decimal(fields[4]), let lon = decimal(fields[5]),
                    let zone = integer(fields[6]), let population = integer(fields[7])
                else { throw .malformedLine(number: lineNumber, reason: "a number is not readable") }
                guard zones.indices.contains(zone) else { throw .unknownZoneIndex(line: lineNumber, index: zone) }
                let (country, code, divisionName) = division(fields[2], fields[3])
                places.append(
                    Place(
                        name: text(fields[1]), admin1Code: code, admin1Name: divisionName, countryCode: country,
                        coordinate: Coordinate(latitude: lat, longitude: lon), timeZone: zones[zone],
                        population: population))
            case (UInt8(ascii: "Z"), 1, 2):
                zones.append(text(fields[1]))
            case (UInt8(ascii: "A"), 1, 4):
                divisionNames[text(fields[1]) + "." + text(fields[2])] = text(fields[3])
            default:
                throw .malformedLine(
                    number: lineNumber, reason: "unexpected \(fields.count) fields for kind '\(text(fields[0]))'")
            }
        }

        private mutating func division(_ country: Range<Int>, _ code: Range<Int>) -> (String, String, String) {
            if let last = lastDivision, same(last.country, country), same(last.code, code) { return last.strings }
            let c = text(country)
            let a = text(code)
            let strings = (c, a, divisionNames[c + "." + a] ?? a)
            lastDivision = (country, code, strings)
            return strings
        }

        private func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { bytes[$0] == bytes[$1] }
        }

        private func text(_ r: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self)
        }

        private func integer(_ r: Range<Int>) -> Int? {
            guard !r.isEmpty else { return nil }
            var value = 0
            for i in r {
                let digit = Int(bytes[i]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        /// `-93.6091` → Double, without going through String.
        private func decimal(_ r: Range<Int>) -> Double? {
            guard !r.isEmpty else { return nil }
            var i = r.lowerBound
            let negative = bytes[i] == UInt8(ascii: "-")
            if negative { i += 1 }
            var whole = 0
            var fraction = 0
            var scale = 1
            var seenPoint = false
            var digits = 0
            while i < r.upperBound {
                let b = bytes[i]
                if b == UInt8(ascii: ".") {
                    guard !seenPoint else { return nil }
                    seenPoint = true
                } else {
                    let digit = Int(b) - 48
                    guard (0...9).contains(digit) else { return nil }
                    digits += 1
                    if seenPoint {
                        fraction = fraction * 10 + digit
                        scale *= 10
                    } else {
                        whole = whole * 10 + digit
                    }
                }
                i += 1
            }
            guard digits > 0 else { return nil }
            let value = Double(whole) + Double(fraction) / Double(scale)
            return negative ? -value : value
        }
    }
}
