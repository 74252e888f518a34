import FoundationEssentials
import Glibc
import OutputText
import TripsModel
import TripsPlanner
import TripsZones

/// The table: per option a line per day — date, where the fan wakes → where they sleep, the
/// games — and under it the day's drives and games with their local times. Free days in a
/// row fold into one line. Every line fits 80 columns: long names wrap between facts.
extension ItineraryRenderer {
    public func table(style: Style) -> String {
        var out = ""
        if let tour {
            for line in tour.headerLines {
                let wrapped = TextWrap.lines(
                    [line.terminalSafe], separator: " ", first: TextWrap.columns, rest: TextWrap.columns - 2)
                for (k, part) in wrapped.enumerated() { out += (k == 0 ? "" : "  ") + part + "\n" }
            }
        }
        guard !result.itineraries.isEmpty else { return out }
        if tour != nil { out += "\n" }
        for (index, trip) in result.itineraries.enumerated() {
            if index > 0 { out += "\n" }
            let days = days(of: trip)
            let label = tour == nil ? "Option \(index + 1)" : "Tour"
            let summary = TextWrap.lines(
                summary(trip, days: days.count), separator: " · ", first: TextWrap.columns - label.count - 2,
                rest: TextWrap.columns - 2)
            for (k, part) in summary.enumerated() { out += (k == 0 ? style.bold(label) + "  " : "  ") + part + "\n" }
            out += dayLines(days, style: style)
            for warning in trip.warnings {
                let lines = TextWrap.lines(
                    [messages.warning(warning, in: trip).terminalSafe], separator: " ", first: TextWrap.columns - 4,
                    rest: TextWrap.columns - 4)
                for (k, line) in lines.enumerated() { out += (k == 0 ? "  ! " : "    ") + style.yellow(line) + "\n" }
            }
            let notes = [roadNote(trip), index == 0 ? messages.nightSetOff(result.nightSetOff) : nil]
            for note in notes.compactMap({ $0 }) {
                let lines = TextWrap.lines(
                    [note.terminalSafe], separator: " ", first: TextWrap.columns - 4, rest: TextWrap.columns - 4)
                for (k, line) in lines.enumerated() { out += (k == 0 ? "  · " : "    ") + style.dim(line) + "\n" }
            }
        }
        var footer =
            "\(result.statistics.gamesConsidered.grouped) games considered, "
            + "\(result.statistics.edges.grouped) connections"
        if let tour {
            footer = "\(result.statistics.gamesConsidered.grouped) candidate games · \(tour.proofLine)"
        } else if let note = interruptionNote {
            footer += " · " + note
        } else if !result.isExhaustive && result.bestIsProven {
            let others = result.itineraries.count > 2 ? "options 2–\(result.itineraries.count) are" : "option 2 is"
            footer += " · search limit reached: option 1 is proven best; \(others) the best found"
        } else if let most = result.mostGames, let venues = result.mostVenues,
            result.itineraries.first?.totals.distinctStadiums == venues
        {
            footer +=
                " · search limit reached: no trip sees more than \(most.grouped) games, and none that sees "
                + "\(most.grouped) visits more than option 1's \(venues.grouped) venues (both proven); "
                + milesNote(result)
        } else if let most = result.mostGames {
            let venues = result.mostVenues.map {
                ", and none that sees \(most.grouped) visits more than \($0.grouped) venues"
            }
            footer +=
                " · search limit reached: no trip sees more than \(most.grouped) games (proven)\(venues ?? ""); "
                + "venues and miles are the best found"
        } else if !result.isExhaustive, let venues = result.mostVenues {
            footer +=
                " · search limit reached: no trip visits more than \(venues.grouped) venues (proven); "
                + "these are the best found"
        } else if !result.isExhaustive {
            footer += " · search limit reached: these are the best found, not proven best"
        }
        for line in TextWrap.lines([footer], separator: " ", first: TextWrap.columns, rest: TextWrap.columns) {
            out += "\n" + style.dim(line)
        }
        return out + "\n"
    }

    /// What is proven of option 1's miles when its games and venues are: a floor on the miles of
    /// any trip with both, and how far above it option 1 may be; or nothing.
    private func milesNote(_ result: PlanResult) -> String {
        let others = result.itineraries.count > 1 ? "the other options are the best found" : nil
        guard let bound = result.milesBound, let gap = Self.milesGapPercent(result) else {
            return "its miles\(others == nil ? "" : " and the other options") are the best found"
        }
        return "none of those drives under \(Int(bound.rounded(.down)).grouped) mi, so option 1's miles are "
            + "within \(Numeral.fixed(gap, digits: 1))% of the fewest" + (others.map { "; \($0)" } ?? "")
    }

    /// How far option 1's miles may be above the fewest of a trip with its proven games and venues
    /// (`milesBound`), in percent of its miles.
    static func milesGapPercent(_ result: PlanResult) -> Double? {
        guard let bound = result.milesBound, let miles = result.itineraries.first?.totals.miles else { return nil }
        return miles > 0 ? max(0, (miles - bound) / miles * 100) : 0
    }

    /// "7 games · 4 venues · 7 days · 723 mi · 13.1 h driving" (joined and wrapped by the caller).
    private func summary(_ trip: Itinerary, days: Int) -> [String] {
        let t = trip.totals
        func count(_ n: Int, _ noun: String) -> String { "\(n.grouped) \(noun)\(n == 1 ? "" : "s")" }
        // A tour's proof counts days from the first game to the last: said first, so the
        // summary and the footer agree; the days on the road around them follow.
        var dayCount = count(days, "day")
        if let span = tour?.gameSpan, span != days {
            dayCount = "\(count(span, "day")) of games (\(days.grouped) on the road)"
        }
        let night = tour?.nightDrives(trip) ?? 0
        let flights = trip.legs.filter { $0.flight != nil }
        let flown = flights.isEmpty ? [] : [count(flights.count, "flight") + ", estimated (no timetable or fare)"]
        return [
            count(t.games, "game"), count(t.distinctStadiums, "venue"), dayCount,
            "\(Self.miles(t.miles)) mi", "\(Self.hours(t.driveHours)) h driving",
        ] + flown + (night > 0 ? ["drives overnight \(night == 1 ? "once" : "\(night.grouped) times")"] : [])
    }

    /// The days' lines: a day line, then a detail line per drive and game.
    private func dayLines(_ days: [TripDay], style: Style) -> String {
        let details = days.map { $0.events.map(detail) }
        let timeWidth = min(Self.widestTime, details.joined().map(\.time.count).max() ?? 0)
        var out = ""
        var index = 0
        while index < days.count {
            let day = days[index]
            var last = index
            if day.isFree {
                while last + 1 < days.count, days[last + 1].isFree { last += 1 }
            }
            out += dayLine(day, through: days[last].date, style: style)
            for detail in details[index] {
                let lead = "    " + detail.time.padded(to: timeWidth) + "  "
                out += block(lead: lead, detail.pieces.map(\.terminalSafe), separator: " · ")
            }
            index = last + 1
        }
        return out
    }

    /// The day's route, wake to sleep: "  Mon Jun 1   Chicago, IL → Milwaukee, WI (SF @ MIL) →
    /// sleep in Kenosha, WI"; "in Chicago, IL (ATH @ CHC)" for a day in one place; for free
    /// days in a row "  Fri–Sat Sep 11–12  in Indianapolis, IN · 2 free days".
    private func dayLine(_ day: TripDay, through last: CalendarDay, style: Style) -> String {
        var route: [(place: String, games: [String])] = [(day.wake, [])]
        for event in day.events {
            switch event {
            case .drive(let drive):
                if drive.arrivesIn != route[route.count - 1].place { route.append((drive.arrivesIn, [])) }
            case .game(let stop):
                let city = stop.game.stadium.cityLabel
                if city != route[route.count - 1].place { route.append((city, [])) }
                route[route.count - 1].games.append(PlanMessages.matchup(stop.game))
            }
        }
        // "→" leads each later stop, so a wrapped route starts its next line with one. A night
        // on the road says so, unless the road stopped in the city of the day's game.
        var pieces = route.enumerated().map { k, stop in
            let onTheRoad = k > 0 && k == route.count - 1 && day.sleepsOnTheRoad && stop.games.isEmpty
            let place = onTheRoad ? "sleep in \(stop.place)" : stop.place
            return (k > 0 ? "→ " : "")
                + (stop.games.isEmpty ? place : "\(place) (\(stop.games.joined(separator: ", ")))")
        }
        if pieces.count == 1 { pieces[0] = "in " + pieces[0] }
        if day.isFree {
            let count = last.dayNumber - day.date.dayNumber + 1
            pieces[0] += " · " + (count == 1 ? "free day" : "\(count) free days")
        }
        let label = Self.label(day.date, through: last)
        let padding = String(repeating: " ", count: max(0, Self.labelWidth - label.count) + 2)
        return block(
            lead: "  " + label + padding, pieces.map(\.terminalSafe), separator: " ",
            styledLead: "  " + style.bold(label) + padding)
    }

    /// `pieces` after `lead`, wrapped to 80 columns with continuation lines indented to the
    /// lead's width. `styledLead` (the same text with colour) replaces the lead on a terminal.
    private func block(lead: String, _ pieces: [String], separator: String, styledLead: String? = nil) -> String {
        let width = lead.count
        let lines = TextWrap.lines(
            pieces, separator: separator, first: TextWrap.columns - width, rest: TextWrap.columns - width)
        var out = ""
        for (k, line) in lines.enumerated() {
            out += (k == 0 ? styledLead ?? lead : String(repeating: " ", count: width)) + line + "\n"
        }
        return out
    }

    /// Widest date column of a single day ("Wed Sep 30").
    private static let labelWidth = 10
    /// Widest time column kept aligned ("22:10 EDT–07:49 CDT"); a rarer, wider time pushes only its own line.
    private static let widestTime = 19

    /// "Mon Jun 1"; a run of days "Fri–Sat Sep 11–12", "Sun–Tue May 31–Jun 2".
    static func label(_ first: CalendarDay, through last: CalendarDay) -> String {
        guard last > first else { return first.shortLabel }
        let days =
            first.month == last.month
            ? "\(first.monthName) \(first.day)–\(last.day)"
            : "\(first.monthName) \(first.day)–\(last.monthName) \(last.day)"
        // A week or more: the weekdays say nothing ("Wed–Wed Dec 23–30"), the dates do.
        guard last.dayNumber - first.dayNumber < 6 else { return days }
        return "\(first.weekdayName)–\(last.weekdayName) \(days)"
    }

    private struct Detail {
        var time: String
        var pieces: [String]
    }

    private func detail(_ event: DayEvent) -> Detail {
        switch event {
        case .drive(let drive):
            // "07:00–08:49 CDT  drive to American Family Field · 100 mi, 1.8 h"
            let leave = clock.parts(of: drive.departure, zone: drive.departureZone)
            let arrive = clock.parts(of: drive.arrival, zone: drive.arrivalZone)
            let time: String
            if arrive.day != leave.day {
                time =
                    "\(leave.time) \(leave.zoneAbbreviation)–\(arrive.day.weekdayName) \(arrive.time) \(arrive.zoneAbbreviation)"
            } else if arrive.zoneAbbreviation != leave.zoneAbbreviation {
                time = "\(leave.time) \(leave.zoneAbbreviation)–\(arrive.time) \(arrive.zoneAbbreviation)"
            } else if arrive.time != leave.time {
                time = "\(leave.time)–\(arrive.time) \(arrive.zoneAbbreviation)"
            } else {
                time = "\(leave.time) \(leave.zoneAbbreviation)"  // a minute's drive: not "22:30–22:30"
            }
            if let flight = drive.flight {
                // "09:00 PST–17:47 EST  fly LAX → BOS · Los Angeles International Airport to …"
                return Detail(
                    time: time,
                    pieces: [
                        "fly \(flight.from.iata) → \(flight.to.iata)",
                        "\(Self.airportName(flight.from)) to \(Self.airportName(flight.to))",
                        "\(Self.miles(drive.miles)) mi, \(Self.duration(drive.hours))"
                            + (flight.connects ? ", 1 connection" : ""),
                    ])
            }
            return Detail(
                time: time,
                pieces: ["drive to \(drive.to)", "\(Self.miles(drive.miles)) mi, \(Self.duration(drive.hours))"])
        case .game(let stop):
            // "18:40 CDT  SF @ MIL at American Family Field"; "~16:40 EDT" when the planner
            // estimated the start (a doubleheader's game 2: a warning says so).
            let g = stop.game
            let p = clock.parts(of: stop.expectedStart, zone: g.stadium.timeZone)
            let estimated = g.game.timeTBD || stop.expectedStart != g.game.startTime
            // A saved trip shown after its games: each one's result, unless results are hidden.
            let result = showScores ? ScheduleEntry(g, now: now).result : nil
            return Detail(
                time: (estimated ? "~" : "") + "\(p.time) \(p.zoneAbbreviation)",
                pieces: ["\(PlanMessages.matchup(g)) at \(g.stadium.name)"] + (result.map { [$0] } ?? []))
        }
    }

    /// An airport's name without its second name ("Minneapolis–Saint Paul International Airport /
    /// Wold–Chamberlain Field" reads as its first part).
    static func airportName(_ airport: LegAirport) -> String {
        airport.name.components(separatedBy: " / ").first ?? airport.name
    }

    /// "1.8 h"; under an hour "25 min".
    static func duration(_ hours: Double) -> String {
        hours < 0.95 ? "\(max(1, Int((hours * 60).rounded()))) min" : "\(Self.hours(hours)) h"
    }
}

extension String {
    /// Left-aligned in a column of `width` (never cut).
    fileprivate func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
