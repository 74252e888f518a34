import Foundation
import TestSupport
import Testing
import TripsModel
import TripsPlanner

@testable import TripsRender

@Suite struct ItineraryRendererTests {
    let plain = Style(enabled: false)

    @Test func theTableReadsDayByDayAsInTheGolden() throws {
        let table = TripFixture.renderer().table(style: plain)
        #expect(
            GoldenFile.check(table, "Tests/TripsRenderTests/Golden/plan-days.txt").matches,
            "differs from Golden/plan-days.txt:\n\(table)")
    }

    @Test func theTableShowsOneLinePerDayWithTheDrivesAndGamesUnderIt() {
        let lines = TripFixture.renderer().table(style: plain).split(separator: "\n").map(String.init)
        #expect(lines.contains("  Mon Jun 1   Chicago, IL → sleep in Eau Claire, WI"))
        #expect(lines.contains("  Wed Jun 3   in Minneapolis, MN (CLE @ MIN)"))
        #expect(lines.contains("  Thu Jun 4   in Minneapolis, MN · free day"))
        #expect(lines.contains { $0.hasPrefix("    07:00–13:00 CDT  drive to Eau Claire, WI · 330 mi, 6.0 h") })
        #expect(lines.contains { $0.hasPrefix("    19:10 CDT") && $0.hasSuffix("CLE @ MIN at Target Field") })
        // Days that start a line, in order.
        let dayLines = lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        #expect(
            dayLines.map { String($0.dropFirst(2).prefix(10)) }.map { $0.trimmingCharacters(in: .whitespaces) } == [
                "Mon Jun 1", "Tue Jun 2", "Wed Jun 3", "Thu Jun 4", "Fri Jun 5", "Sat Jun 6", "Sun Jun 7", "Mon Jun 8",
            ])
    }

    @Test func freeDaysInARowFoldIntoOneLine() {
        var trip = TripFixture.trip
        // Move the Kansas City drive and game a week later: a run of free days before them.
        trip.stops[2].game.game.startTime += 7 * 86_400
        for k in 2...3 {
            trip.legs[k].departure += 7 * 86_400
            trip.legs[k].arrival += 7 * 86_400
            for n in trip.legs[k].overnightStops.indices {
                trip.legs[k].overnightStops[n].stopAt += 7 * 86_400
                trip.legs[k].overnightStops[n].resumeAt += 7 * 86_400
            }
        }
        let table = TripFixture.renderer([trip]).table(style: plain)
        // A week or more of free days: the dates alone (weekdays would read "Thu–Thu").
        #expect(table.contains("\n  Jun 4–11    in Minneapolis, MN · 8 free days\n"), "\(table)")
        #expect(
            ItineraryRenderer.label(CalendarDay(iso: "2026-06-04")!, through: CalendarDay(iso: "2026-06-09")!)
                == "Thu–Tue Jun 4–9")
        #expect(
            ItineraryRenderer.label(CalendarDay(iso: "2026-05-31")!, through: CalendarDay(iso: "2026-06-02")!)
                == "Sun–Tue May 31–Jun 2")
    }

    @Test func everyLineFitsEightyColumnsEvenWithVeryLongNames() {
        var trip = TripFixture.trip
        let long = "The Extraordinarily Long Named Municipal Stadium Presented By Somebody Incorporated"
        trip.stops[2].game.stadium.name = long
        trip.legs[2].to.name = long
        trip.legs[3].from.name = long
        trip.warnings = [.tightConnection(legIndex: 2, gameId: "g_sat", slackMinutes: 12)]
        var towns: [Coordinate: Place] = [:]
        for point in [TripFixture.eauClaire, TripFixture.desMoines, TripFixture.iowaCity] {
            towns[point] = TripFixture.place("Saint-Jean-sur-Richelieu-de-la-Vallée-du-Haut", "QC", point)
        }
        let table = TripFixture.renderer([trip], towns: OvernightTowns(towns)).table(style: plain)
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines.allSatisfy { $0.count <= 80 }, "too wide:\n\(lines.filter { $0.count > 80 }.joined(separator: "\n"))")
        // Nothing is cut: every word of the long name is still there.
        let words = Set(table.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        #expect(long.split(separator: " ").allSatisfy { words.contains(String($0)) })
    }

    @Test func colourComesOnlyWithAStyle() {
        let renderer = TripFixture.renderer()
        #expect(!renderer.table(style: plain).contains("\u{1B}["))
        let styled = renderer.table(style: Style(enabled: true))
        #expect(styled.contains("\u{1B}[1mMon Jun 1\u{1B}[0m"))
        // Colour never shifts the columns: without escapes it is the plain table.
        #expect(
            styled.replacingOccurrences(of: "\u{1B}\\[[0-9]+m", with: "", options: .regularExpression)
                == renderer.table(style: plain))
    }

    @Test func warningsNameTheGameNeverItsId() throws {
        var trip = TripFixture.trip
        trip.warnings = [
            .tightConnection(legIndex: 2, gameId: "g_sat", slackMinutes: 12), .estimatedStart(gameId: "g_wed"),
        ]
        let renderer = TripFixture.renderer([trip])
        // Wrapped warnings read as one line.
        let table = renderer.table(style: plain).replacingOccurrences(of: "\n    ", with: " ")
        // The margin is the one the table's times show: the game's start minus the leg's arrival.
        let minute = { (date: Date) in Int((date.timeIntervalSince1970 / 60).rounded(.down)) }
        let game = try #require(trip.stops.first { $0.game.id == "g_sat" }).expectedStart
        let margin = minute(game) - minute(trip.legs[2].arrival)
        #expect(
            table.contains(
                "! tight connection: you reach NYY @ KC on Sat Jun 6 at Kauffman Stadium \(margin) min before it starts"
            ))
        #expect(table.contains("CLE @ MIN on Wed Jun 3 at Target Field follows game 1 of a doubleheader"))
        let json = renderer.json().rendered()
        #expect(json.contains("tight connection: you reach NYY @ KC on Sat Jun 6 at Kauffman Stadium"))
        for id in ["g_sat", "g_wed"] {
            #expect(!table.contains(id))
            #expect(!json.contains("\"\(id) "), "a warning names \(id)")
        }
    }

    @Test func aDriveShowsWhenItLeavesAndArrivesOnTheClocksItCrosses() {
        var trip = TripFixture.trip
        let home = TripFixture.chicago
        // A drive through the night to the end place, and one of under a minute.
        trip.legs[3] = TripFixture.leg(
            TripFixture.endpoint(TripFixture.saturday), home, miles: 500, "2026-06-06 22:40", "2026-06-07 07:45")
        var lines = TripFixture.renderer([trip]).table(style: plain)
        #expect(lines.contains("    22:40 CDT–Sun 07:45 CDT  drive to Chicago, IL · 500 mi, 9.1 h\n"))
        trip.legs[3].arrival = trip.legs[3].departure + 50
        trip.legs[3].driveHours = 50.0 / 3600
        trip.legs[3].miles = 0.8
        lines = TripFixture.renderer([trip]).table(style: plain)
        #expect(lines.contains("    22:40 CDT        drive to Chicago, IL · 1 mi, 1 min\n"))
    }

    @Test func anEstimatedStartIsShownAsTheTimeThePlanAssumes() throws {
        var trip = TripFixture.trip
        // A doubleheader's game 2 listed with game 1's time: the planner expects it later.
        trip.stops[1].expectedStart = TripFixture.at("2026-06-03 16:40")
        let renderer = TripFixture.renderer([trip])
        #expect(renderer.table(style: plain).contains("\n    ~16:40 CDT       CLE @ MIN at Target Field\n"))
        #expect(renderer.json().rendered().contains("\"start\": \"2026-06-03T16:40:00-05:00\""))
    }

    @Test func jsonDaysCarryWakeDrivesGamesAndSleepInLocalTime() throws {
        let data = Data(TripFixture.renderer().json().rendered().utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let trip = try #require((object["trips"] as? [[String: Any]])?.first)
        #expect(trip["legs"] != nil && trip["games"] != nil && trip["totalMiles"] != nil)
        let days = try #require(trip["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == (1...8).map { "2026-06-0\($0)" })
        #expect(days.allSatisfy { Set($0.keys) == ["date", "wake", "drives", "games", "sleep"] })
        let monday = days[0]
        #expect(monday["wake"] as? String == "Chicago, IL" && monday["sleep"] as? String == "Eau Claire, WI")
        let drive = try #require((monday["drives"] as? [[String: Any]])?.first)
        #expect(Set(drive.keys) == ["mode", "from", "to", "depart", "arrive", "miles", "hours"])
        #expect(drive["mode"] as? String == "drive")
        #expect(drive["depart"] as? String == "2026-06-01T07:00:00-05:00")
        #expect(drive["arrive"] as? String == "2026-06-01T13:00:00-05:00")
        #expect(drive["miles"] as? Double == 330 && drive["hours"] as? Double == 6)
        let game = try #require((days[1]["games"] as? [[String: Any]])?.first)
        #expect(Set(game.keys) == ["id", "matchup", "venue", "start"])
        #expect(game["id"] as? String == "g_tue" && game["matchup"] as? String == "CLE @ MIN")
        #expect(game["venue"] as? String == "Target Field" && game["start"] as? String == "2026-06-02T19:10:00-05:00")
        #expect((days[2]["drives"] as? [Any])?.isEmpty == true)  // the 0-mile stay
    }

    @Test func theCalendarHasAnEventPerGameAndPerDayOfDrivingButNoneForAStay() throws {
        let ics = TripFixture.renderer().calendar()
        let uids = ics.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        #expect(uids.filter { $0.hasPrefix("UID:g_") }.count == 3)
        #expect(
            uids.filter { $0.hasPrefix("UID:drive-") } == [
                "UID:drive-20260601-g_tue@trips", "UID:drive-20260602-g_tue@trips", "UID:drive-20260605-g_sat@trips",
                "UID:drive-20260606-g_sat@trips", "UID:drive-20260607-end@trips", "UID:drive-20260608-end@trips",
            ])
        #expect(!ics.contains(": 0 mi"))
        #expect(
            ics.contains("DTSTART;TZID=America/Chicago:20260601T070000\r\nDTEND;TZID=America/Chicago:20260601T130000"))
    }

    @Test func theCalendarLeavesOutDrivesUnderFifteenMinutes() throws {
        let saintPaul = TripFixture.stadium("st_sp", "CHS Field", "Saint Paul", "MN", 44.9504, -93.0844)
        let nextDay = TripFixture.stop("g_sp", "CLE", "STP", at: saintPaul, "2026-06-03 19:05")
        func trip(arriving arrival: String) -> Itinerary {
            Itinerary(
                stops: [TripFixture.tuesday, nextDay],
                legs: [
                    TripFixture.legs[0],
                    TripFixture.leg(
                        TripFixture.endpoint(TripFixture.tuesday), TripFixture.endpoint(nextDay), miles: 10,
                        "2026-06-03 10:00", arrival),
                ],
                totals: ItineraryTotals(games: 2, distinctStadiums: 2, miles: 422, driveHours: 14.2), warnings: [])
        }
        func driveUIDs(_ itinerary: Itinerary) -> [String] {
            TripFixture.renderer([itinerary]).calendar().components(separatedBy: "\r\n").filter {
                $0.hasPrefix("UID:drive-")
            }
        }
        #expect(
            driveUIDs(trip(arriving: "2026-06-03 10:14")) == [
                "UID:drive-20260601-g_tue@trips", "UID:drive-20260602-g_tue@trips",
            ])
        #expect(driveUIDs(trip(arriving: "2026-06-03 10:15")).contains("UID:drive-20260603-g_sp@trips"))
    }

    @Test func csvHasARowPerGameAndDriveButNoneForAStay() throws {
        let rows = try CSVReference.parse(TripFixture.renderer().csv())
        #expect(rows.dropFirst().map { $0[2] } == ["drive", "game", "game", "drive", "game", "drive"])
    }
}

@Suite struct PlanMessagesTests {
    let messages = PlanMessages(
        games: TripFixture.trip.stops.map(\.game), teams: [TripFixture.team("KC", "Kansas City Royals")],
        request: PlanRequest(
            from: CalendarDay(year: 2026, month: 6, day: 1), to: CalendarDay(year: 2026, month: 6, day: 3)))

    @Test func aGameIsNamedByItsTeamsDayAndVenue() {
        #expect(messages.game("g_sat") == "NYY @ KC on Sat Jun 6 at Kauffman Stadium")
        #expect(messages.game("g_unknown") == "g_unknown")
    }

    @Test func aTightConnectionSaysTheWholeMarginAndNamesTheParkingBuffer() {
        // 12.4 min beyond the 30 the planner keeps before a start: 42 min before it starts.
        #expect(
            messages.warning(.tightConnection(legIndex: 0, gameId: "g_sat", slackMinutes: 12.4))
                == "tight connection: you reach NYY @ KC on Sat Jun 6 at Kauffman Stadium 42 min before it starts "
                + "(30 min of it for parking and getting in)")
        var rules = PlanRequest(
            from: CalendarDay(year: 2026, month: 6, day: 1), to: CalendarDay(year: 2026, month: 6, day: 3))
        rules.driving.bufferBeforeGameMinutes = 0
        let bare = PlanMessages(games: TripFixture.trip.stops.map(\.game), teams: [], request: rules)
        #expect(
            bare.warning(.tightConnection(legIndex: 0, gameId: "g_sat", slackMinutes: 0.2))
                == "tight connection: you reach NYY @ KC on Sat Jun 6 at Kauffman Stadium just as it starts")
    }

    @Test func whyNothingFitsNamesGamesAndTeams() {
        #expect(
            messages.infeasibility(.mustSeeGameUnavailable(gameId: "g_sat", reason: .outsideWindow))
                == "no trip fits: the must-see game NYY @ KC on Sat Jun 6 at Kauffman Stadium is outside the trip's "
                + "dates (Mon Jun 1 to Wed Jun 3)")
        #expect(
            messages.infeasibility(.mustSeeTeamHasNoGames(teamId: "team_mlb_kc"))
                == "no trip fits: no Kansas City Royals game can be planned between Mon Jun 1 and Wed Jun 3")
        #expect(
            messages.infeasibility(.mustSeeGamesClash(firstGameId: "g_tue", secondGameId: "g_wed"))
                == "no trip fits: the must-see games CLE @ MIN on Tue Jun 2 at Target Field and CLE @ MIN on Wed Jun 3 "
                + "at Target Field cannot both be attended")
        #expect(
            messages.infeasibility(
                .cannotReturnToEnd(place: "Chicago, IL", by: CalendarDay(year: 2026, month: 6, day: 3)))
                == "no trip fits: no trip gets back to Chicago, IL by the end of Wed Jun 3; allow more days, "
                + "or leave out --end")
        #expect(messages.infeasibility(.needsOvernightDriving) == PlanInfeasibility.needsOvernightDriving.description)
    }
}
