/// `trips sync`'s options, declared here so `trips --help` and `trips sync --help` work in the
/// `trips` binary; the command itself runs in `trips-sync` (see `SyncDelegation`).
enum SyncCommandSpec {
    package static let spec = CommandSpec(
        name: "sync", summary: "Fetch what changed in the cloud since the last sync",
        discussion: """
            Pulls every record type (sports, leagues, stadiums, teams, aliases, games) from where
            the last sync stopped. Each page is saved with its progress in one step, so Ctrl-C,
            SIGTERM or --time-limit stop cleanly at the next page (exit 130) and the next run
            resumes. Only one sync runs per store at a time (a second one exits 75).
            The cloud is set with `trips config set cloud.url|cloud.container|cloud.apiToken …`
            or TRIPS_CLOUD_URL, TRIPS_CLOUD_CONTAINER, TRIPS_CLOUD_ENVIRONMENT, TRIPS_CLOUD_API_TOKEN.
            """,
        options: [
            .flag("full", "Read everything again, then hide local records the cloud no longer has"),
            .value("time-limit", "SECONDS", "Stop at the next page boundary after SECONDS (exit 130)"),
            .flag("quiet", short: "q", "Print only errors"),
            .value("format", "FORMAT", "Summary: table (default) or json"),
            .value("page-size", "N", "Records per request, 1 to 200 (default: sync.pageSize, 200)"),
            .value("overlap", "SECONDS", "Re-read this far before each watermark (default: sync.overlapSeconds, 300)"),
        ],
        examples: ["trips sync", "trips sync --full --format json", "trips sync --time-limit 30 --quiet"])

}
