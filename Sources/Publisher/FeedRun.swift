import FeedFetch
import FoundationEssentials
import LeagueFeeds
import TripsModel

/// One feed to read: its format and where its bytes are.
public struct FeedRequest: Sendable, Hashable {
    public var format: FeedFormat
    public var source: FeedSource

    /// The URL asked, for a feed on a host (nil for a file).
    public var url: URL? { if case .url(let url) = source { url } else { nil } }

    public init(format: FeedFormat, source: FeedSource) {
        (self.format, self.source) = (format, source)
    }
}

/// Fetch → read → publish, the one road from the leagues' feeds into a public database, which
/// `trips-cloud publish` runs against a cloud and `trips sync --source feeds` against the
/// device's own feeds database. Each URL is asked with the validators it answered when last
/// published (kept in the database, `FeedState`): an unchanged feed (HTTP 304) is left out, and
/// with every feed unchanged nothing is read or written.
public struct FeedRun: Sendable {
    /// The publish, or nil when every feed was unchanged.
    public var publication: Publication?
    /// The sources that answered 304.
    public var unchanged: [String]
    /// With `missingAllowed`: the sources that answered 404 (a week the host does not list).
    public var missing: [String] = []
    /// The games the readers left out, with why (placeholder teams, an All-Star Game).
    public var skipped: [FeedSkip] = []

    public static func run(
        _ requests: [FeedRequest], to database: some PublicDatabase, refetch: Bool = false,
        policy: FeedFetchPolicy = .standard, gazetteer: @escaping @Sendable () -> Gazetteer? = { nil },
        dryRun: Bool = false, force: Bool = false, holder: String? = nil,
        holderIsGone: @escaping @Sendable (String) -> Bool = { _ in false }, missingAllowed: Bool = false,
        fetched: @Sendable (FeedRequest, Int) -> Void = { _, _ in }
    ) async throws -> FeedRun {
        var stored: [String: FeedState] = [:]
        if !refetch, requests.contains(where: { $0.url != nil }) {
            do {
                stored = try await FeedState.read(from: database)
            } catch {
                throw PublishError.cloud("\(error)")
            }
        }
        var remembered: [URL: FeedValidators] = [:]
        for state in stored.values {
            if let url = URL(string: state.url) {
                remembered[url] = FeedValidators(etag: state.etag, lastModified: state.lastModified)
            }
        }
        var schedules: [FeedSchedule] = []
        var unchanged: [String] = []
        var fetchedURLs: [URL] = []
        var missing: [String] = []
        let fetcher = FeedFetcher.live(policy: policy, validators: remembered)
        for request in requests {
            let answer: FeedFetchResult
            do {
                answer = try await fetcher.fetch(request.source)
            } catch FeedFetchError.httpStatus(let url, 404) where missingAllowed {
                // A season walked week by week: a week the host does not list has no games to read.
                missing.append(url)
                fetched(request, 0)
                continue
            }
            guard case .fetched(let data) = answer else {
                unchanged.append(request.source.description)
                fetched(request, 0)
                continue
            }
            if let url = request.url {
                fetchedURLs.append(url)
                // A response dated before the one already published from this URL is a stale copy.
                if !force, let before = remembered[url], let now = await fetcher.validators[url],
                    now.isOlder(than: before) == true
                {
                    throw PublishError.olderResponse(
                        url: url.absoluteString, dated: now.lastModified ?? "", published: before.lastModified ?? "")
                }
            }
            let schedule = try request.format.read(data, source: request.source.description)
            schedules.append(schedule)
            fetched(request, schedule.games.count)
        }
        if !missing.isEmpty, missing.count == requests.count {
            throw FeedFetchError.httpStatus(url: missing[0], status: 404)
        }
        guard !schedules.isEmpty else { return FeedRun(publication: nil, unchanged: unchanged, missing: missing) }
        let validators = await fetcher.validators
        let states = fetchedURLs.compactMap { url -> FeedState? in
            let now = validators[url]
            let state = FeedState(url: url.absoluteString, etag: now?.etag, lastModified: now?.lastModified)
            // Nothing to keep (no validators, none before) or the same as kept: no write.
            return stored[state.url] == state || (now == nil && stored[state.url] == nil) ? nil : state
        }
        // MLB places a venue its schedule did not on the schedule's own origin.
        let mlbOrigin = requests.first { $0.format == .mlbStatsAPISchedule }?.url.flatMap(Self.origin)
        let publication = try await Publication.run(
            schedules, to: database,
            source: Array(Set(requests.map(\.format.rawValue))).sorted().joined(separator: ", "),
            feedStates: states, gazetteer: gazetteer,
            placeVenues: mlbOrigin.map { LeagueVenues.mlb(origin: $0, fetcher: fetcher) } ?? .none, dryRun: dryRun,
            force: force, holder: holder, holderIsGone: holderIsGone)
        return FeedRun(
            publication: publication, unchanged: unchanged, missing: missing, skipped: schedules.flatMap(\.skipped))
    }

    /// "http://127.0.0.1:8080" of a URL: where its host's other endpoints are.
    static func origin(_ url: URL) -> String? {
        guard let scheme = url.scheme, let host = url.host else { return nil }
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }
}
