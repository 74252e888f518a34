import TripsModel

/// `retrosheet-raddick/ballparks.csv`: MLB parks with former names (AKA) and the date of
/// their first MLB game. Only parks still in use (no END date) are read, so a demolished
/// park never lends its name to today's building.
enum RetrosheetParks {
    static let path = "retrosheet-raddick/ballparks.csv"

    static func venueFacts(raw: RawDirectory) throws(ImportError) -> [VenueFacts] {
        try raw.csv(path).records.compactMap { row in
            guard (row["END"] ?? "").isEmpty, let name = row["NAME"], !name.isEmpty else { return nil }
            // "Guaranteed Rate Field;U.S. Cellular Field": several names in NAME too.
            let names = name.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let aka = (row["AKA"] ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let year = (row["START"] ?? "").split(separator: "-").first.flatMap { Int($0) }
            return VenueFacts(
                name: names[0], otherNames: Array(names.dropFirst()) + aka.filter { !$0.isEmpty },
                yearOpened: year, source: path)
        }
    }
}
