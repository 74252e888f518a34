/// The venues of NHL 2026-27 neutral-site games that a real league response names. The season's
/// schedule file flags seven neutral-site games but names no venue; a game missing here has no
/// venue in the bundle (no stadium, never the home club's arena) until a sync brings one.
enum NHLNeutralSites {
    static let venues: [String: String] = [
        // The Winter Classic: `club-schedule-season/UTA/20262027` (shared/data/feeds/nhl, the UTA
        // excerpt) has game 2026020647 COL@UTA with `neutralSite: true` at "Rice-Eccles Stadium".
        "2026020647": "Rice-Eccles Stadium"
    ]
}
