import Foundation
import TripsModel

/// What every game row of a league's CSV export states alike — its id, its start (UTC) and the
/// local date it is played on — read with one error wording for every reader.
struct CSVGameRow {
    let id: String
    let start: Date
    let localDate: CalendarDay

    /// `id`, `start` and `date` name the row's columns; `path` the file, for the error.
    init(_ row: [String: String], in path: String, id: String, start: String, date: String) throws(ImportError) {
        self.id = row[id] ?? ""
        self.start = try RawInstant.date(row[start] ?? "", in: path, game: "game \(self.id)", field: start)
        guard let day = CalendarDay(iso: row[date] ?? "") else {
            throw .unreadable(path: path, reason: "game \(self.id): bad \(date) '\(row[date] ?? "")'")
        }
        localDate = day
    }
}
