import ArgumentParsing
import FoundationEssentials
import Glibc
import TripsRender
import TripsStore

/// What trips(1) says beyond the command tree: the exit codes (from `ExitStatus`), every
/// environment variable the program reads, and where its files are (named by `StoreLocation`).
enum TripsManual {
    static var page: ManualPage<CLIContext> {
        ManualPage(
            parser: TripsCommandLine.parser(), source: "trips \(TripsVersion.number)",
            description: description, sections: [exitStatus, environment, files])
    }

    static let description = [
        """
        trips keeps a local, always available copy of the sports world — sports, leagues, venues,
        teams, whole seasons of games and the names they used to go by — in SQLite. It ships a
        snapshot of real schedules, so it works offline from the first run, and delta-syncs the copy
        from a CloudKit-compatible record database (trips sync).
        """,
        """
        Times are shown in each venue's own zone unless --tz says otherwise. Mistyped teams, places
        and options get suggestions. Every command has --help.
        """,
    ]

    static var exitStatus: ManualPage<CLIContext>.Section {
        .init("EXIT STATUS", ExitStatus.meanings.map { .init(String($0.code), $0.meaning) })
    }

    static var environment: ManualPage<CLIContext>.Section {
        let cloud = ConfigKey.allCases.compactMap { key in
            key.environmentVariable.map {
                ManualPage<CLIContext>.Entry($0, "Overrides the setting \(key.rawValue): \(key.summary).")
            }
        }
        return .init(
            "ENVIRONMENT",
            [
                .init("TRIPS_HOME", "The folder of the store, its settings and its lock."),
                .init("XDG_DATA_HOME", "Without TRIPS_HOME, the store's folder is $XDG_DATA_HOME/trips."),
                .init("HOME", "Without either, the store's folder is ~/.local/share/trips."),
                .init(
                    "TRIPS_DATA",
                    "The bundled data a new store is built from; by default <prefix>/share/trips/Data beside the installed binary."
                ),
            ] + cloud + [
                .init(
                    "TRIPS_FEEDS_URL",
                    "An origin (http://127.0.0.1:PORT) that trips sync sends every league feed request to instead of the leagues' hosts, paths and queries unchanged: recorded responses for tests and demos."
                ),
                .init(
                    "TRIPS_FEEDS_DEADLINE",
                    "Seconds one league feed's fetch may take in all, retries included (default 60): a host that drips its answer ends there, its league left as it was (exit 75)."
                ),
                .init("NO_COLOR", "Any non-empty value turns colour off, like --no-color."),
                .init("TERM", "dumb turns colour off."),
                .init(
                    "COLUMNS",
                    "The width tables fit (teams, stadiums); else the terminal's, else 80. --wide shows every column."),
                .init("TZ", "Your own zone: what today means in dates, and --tz local."),
                .init(
                    "DISPLAY",
                    "Set (or WAYLAND_DISPLAY): trips login opens the sign-in page with xdg-open; else it only prints it."
                ),
                .init("WAYLAND_DISPLAY", "As DISPLAY."),
                .init("PATH", "Where trips login looks for xdg-open."),
                .init(
                    "TRIPS_NOW",
                    "An ISO-8601 instant, or a day (YYYY-MM-DD: its noon UTC), taken as now, for tests and demos."),
            ])
    }

    static var files: ManualPage<CLIContext>.Section {
        // The names as the store computes them, shown under $TRIPS_HOME.
        let location = StoreLocation(explicitPath: nil, environment: ["TRIPS_HOME": "/TRIPS_HOME"])
        func shown(_ path: String) -> String { "$" + path.dropFirst() }
        return .init(
            "FILES",
            [
                .init(
                    shown(location.storePath),
                    "The store (with its -wal and -shm files while in use); --store PATH chooses another."),
                .init(shown(location.configPath), "Cloud settings (trips config), readable only by you."),
                .init(shown(location.lockPath), "Locked while a sync runs: one sync per store at a time."),
                .init(
                    shown(location.useLockPath),
                    "Locked (shared) while trips has the store open, so trips reset never replaces it under a run."),
                .init(
                    shown(location.resetBuildPath),
                    "The new store trips reset builds before it replaces the old one; an interrupted reset's is deleted by the next run."
                ),
                .init(
                    shown(location.feedsDatabasePath),
                    "What trips sync read from the leagues' feeds (with .bundle, the bundle it was seeded from); deleting it only makes the next sync read everything anew."
                ),
                .init("<prefix>/share/trips/Data", "The bundled snapshot, installed by make install."),
            ])
    }
}
