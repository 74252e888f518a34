import FeedFetch
import Foundation
import LeagueFeeds
import Publisher
import TripsModel
import TripsZones

/// What reading one league-season's feeds did to the feeds database.
public struct LeagueSeasonRefresh: Sendable {
    public var league: String
    public var season: String
    public enum Outcome: Sendable {
        /// Published: the summary line of each season the feeds held, and the totals.
        case published(lines: [String], created: Int, updated: Int, deprecated: Int)
        /// Every request answered 304: the database already holds what they say.
        case unchanged
        /// Nothing was written; `temporary` when a host was down, busy or too slow (try again later).
        case failed(reason: String, temporary: Bool)
    }
    public var outcome: Outcome
    /// The seasons the answer spoke for: those its games belong to when it changed something
    /// (a league's schedule file may hold another season than the one asked), else the one asked.
    public var heldSeasons: [String]
}

/// Reads each league-season's feeds and publishes them into the feeds database, one league-season
/// at a time, so one league's trouble (a host down, a response refused) leaves the others applied.
public enum FeedsRefresh {
    public static func run(
        _ seasons: [(league: String, season: String)], into database: FeedsDatabase, origin: String?,
        clubs: [String: [String]] = [:], gazetteer: @escaping @Sendable () -> Gazetteer?,
        policy: FeedFetchPolicy = .standard,
        progress: @Sendable (_ name: String, _ done: Int, _ total: Int, _ games: Int) -> Void = { _, _, _, _ in }
    ) async -> [LeagueSeasonRefresh] {
        var done: [LeagueSeasonRefresh] = []
        for (league, season) in seasons {
            if Task.isCancelled { break }
            let requests = SeasonFeeds.requests(
                league: league, season: season, origin: origin, clubs: clubs[league] ?? [])
            let name = "\(league.uppercased()) \(season)"
            let outcome: LeagueSeasonRefresh.Outcome
            var held = [season]
            let read = GamesRead()
            do {
                let run = try await FeedRun.run(
                    requests, to: database, policy: policy, gazetteer: gazetteer, missingAllowed: requests.count > 1,
                    fetched: { request, games in
                        progress(name, (requests.firstIndex(of: request) ?? 0) + 1, requests.count, read.add(games))
                    })
                if let publication = run.publication {
                    let seasons = publication.plan.summaries.keys.filter { $0.league == league }.map(\.season)
                    if !seasons.isEmpty { held = seasons.sorted() }
                    outcome = .published(
                        lines: publication.plan.summaries.sorted { $0.key < $1.key }.map(\.value.brief)
                            + Self.notes(
                                held.count == 1 ? "\(league.uppercased()) \(held[0])" : name, run: run,
                                of: requests.count),
                        created: publication.plan.created,
                        updated: publication.plan.updated, deprecated: publication.plan.deprecated)
                } else {
                    outcome = .unchanged
                }
            } catch let error as PublishError {
                outcome = .failed(reason: error.withoutOverride, temporary: false)
            } catch let error as FeedFetchError {
                outcome = .failed(reason: "\(error)", temporary: error.isTemporary)
            } catch {
                outcome = .failed(reason: "\(error)", temporary: false)
            }
            done.append(LeagueSeasonRefresh(league: league, season: season, outcome: outcome, heldSeasons: held))
        }
        return done
    }

    /// What a season's read left out, and why: games the readers skipped, weeks not listed.
    static func notes(_ name: String, run: FeedRun, of requests: Int) -> [String] {
        var notes: [String] = []
        let placeholders = run.skipped.count { $0.reason == .placeholderTeams }
        let allStar = run.skipped.count { $0.reason == .allStar }
        let parts =
            (placeholders > 0 ? ["\(placeholders) with teams not decided yet (Cup or playoff slots)"] : [])
            + (allStar > 0 ? ["\(allStar) All-Star \(allStar == 1 ? "game" : "games")"] : [])
        if !parts.isEmpty {
            notes.append("\(name): \(run.skipped.count) left out: " + parts.joined(separator: ", "))
        }
        if !run.missing.isEmpty {
            notes.append(
                "\(name): \(run.missing.count) of \(requests) requests not listed by the host (HTTP 404): "
                    + "no games read for them")
        }
        return notes
    }
}

/// Games read so far in one league-season's requests, for its progress line (the fetch reports
/// each request's count from its own task).
final class GamesRead: @unchecked Sendable {
    // `@unchecked`: `total` is only touched under `lock`.
    private let lock = NSLock()
    private var total = 0

    /// Adds `games` and answers the new total.
    func add(_ games: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        total += games
        return total
    }
}
