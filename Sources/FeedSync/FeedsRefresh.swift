import FeedFetch
import FoundationEssentials
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
        /// Nothing was written; `temporary` when a host could not be reached (try again later).
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
        gazetteer: @escaping @Sendable () -> Gazetteer?, policy: FeedFetchPolicy = .standard,
        progress: @Sendable (String, Int, Int) -> Void = { _, _, _ in }
    ) async -> [LeagueSeasonRefresh] {
        var done: [LeagueSeasonRefresh] = []
        for (league, season) in seasons {
            if Task.isCancelled { break }
            let requests = SeasonFeeds.requests(league: league, season: season, origin: origin)
            let name = "\(league.uppercased()) \(season)"
            let outcome: LeagueSeasonRefresh.Outcome
            var held = [season]
            do {
                let run = try await FeedRun.run(
                    requests, to: database, policy: policy, gazetteer: gazetteer,
                    fetched: { request, _ in
                        progress(name, (requests.firstIndex(of: request) ?? 0) + 1, requests.count)
                    })
                if let publication = run.publication {
                    let seasons = publication.plan.summaries.keys.filter { $0.league == league }.map(\.season)
                    if !seasons.isEmpty { held = seasons.sorted() }
                    outcome = .published(
                        lines: publication.plan.summaries.sorted { $0.key < $1.key }.map(\.value.brief),
                        created: publication.plan.created,
                        updated: publication.plan.updated, deprecated: publication.plan.deprecated)
                } else {
                    outcome = .unchanged
                }
            } catch let error as FeedFetchError {
                let temporary = if case .gaveUp = error { true } else { false }
                outcome = .failed(reason: "\(error)", temporary: temporary)
            } catch {
                outcome = .failed(reason: "\(error)", temporary: false)
            }
            done.append(LeagueSeasonRefresh(league: league, season: season, outcome: outcome, heldSeasons: held))
        }
        return done
    }
}
