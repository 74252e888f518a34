// swift-tools-version:6.0
// trips — plan trips around games, offline first, delta-synced from a CloudKit-compatible cloud.
// Zero package dependencies: only the toolchain, the system SQLite and the system libcrypto.
// Linux only (no Apple platforms are claimed): the server's sockets, `/proc/self/exe` and the
// Makefile's apt-get are Glibc/Debian code that has never been built on macOS.
import PackageDescription

// The planner's sweep counts venue sets' bits by the billion: on x86-64 Linux it is built for a CPU
// with `popcnt` (Intel 2008, AMD 2007 on), which the default x86-64 target lacks and emulates.
#if arch(x86_64) && os(Linux)
    let plannerCPU: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-mpopcnt"])]
#else
    let plannerCPU: [SwiftSetting] = []
#endif

let package = Package(
    name: "trips",
    products: [
        .executable(name: "trips", targets: ["trips"]),
        .executable(name: "trips-sync", targets: ["trips-sync"]),
        .executable(name: "trips-cloud", targets: ["trips-cloud"]),
        .executable(name: "trips-import", targets: ["trips-import"]),
    ],
    targets: [
        // System SQLite (Debian's libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]),

        // System libcrypto (Debian's libssl-dev, OpenSSL 3): ECDSA P-256 for server-to-server keys.
        .systemLibrary(
            name: "CCrypto", path: "Sources/CCrypto",
            providers: [.apt(["libssl-dev"])]),

        // A thin SQLite layer (connection, statements, transactions, migrations), shared by
        // the client's store and the development server.
        .target(name: "SQLite", dependencies: ["CSQLite"]),

        // What typed text needs before it is compared: trimming, and the edit distance behind
        // "did you mean …?". Below both the parser and the model, so neither needs the other.
        .target(name: "InputText"),
        // A seedable generator for work that must repeat exactly (the tour order search, injected
        // faults).
        .target(name: "SeededRandom"),
        // SHA-256, for the record checksum, change tags, request signatures, token hashes and ETags:
        // a module of its own because those live in seven modules that need nothing else of each other.
        .target(name: "Digest"),
        // What text needs before it is shown or kept for showing: credentials hidden (`SecretRedaction`)
        // and terminal controls written out (`TerminalText`). Below the cloud client, the store and the CLI.
        .target(name: "OutputText"),
        // Domain value types (a zone's rules among them; TripsZones reads them from TZif). No I/O.
        .target(name: "TripsModel", dependencies: ["InputText"]),
        // The command-line parser every executable shares: typed options, a command tree that
        // parses, dispatches and renders --help.
        .target(name: "ArgumentParsing", dependencies: ["InputText"]),
        // The system tz database: reads (parsing TZif) and caches zone rules (`ZoneInfo`) for every
        // module that turns instants into local days and times.
        .target(name: "TripsZones", dependencies: ["TripsModel"]),
        // RFC 5545 text shared by `trips export` and `trips-cloud`'s subscribed calendars: escaping, folding,
        // and one game's VEVENT with its UID, SEQUENCE and LAST-MODIFIED rules. Stdlib only.
        .target(name: "CalendarText"),
        // CloudKit Web Services wire format (records, values, queries, errors, the record checksum). No
        // networking, no sports.
        .target(name: "CloudKitWeb", dependencies: ["Digest"]),
        // CloudKit's server-to-server keys: P-256 key files, request signatures and their checks.
        .target(name: "CloudKitSigning", dependencies: ["CCrypto", "Digest"]),
        // The HTTP client for the wire format (URLSession), with retries.
        .target(name: "CloudKitClient", dependencies: ["CloudKitWeb", "CloudKitSigning", "OutputText"]),
        // The record schema of DESIGN §3, declared once: each type's field names, wire types,
        // optionality and store columns. No sports values, so the server may use it too; for the same
        // reason it holds the one search for the bundled Data/ (DataBundleSearch, DESIGN §4).
        .target(name: "RecordSchema", dependencies: ["CloudKitWeb"]),
        // Canonical records ↔ domain values, driven by RecordSchema.
        .target(name: "TripsRecords", dependencies: ["TripsModel", "TripsZones", "CloudKitWeb", "RecordSchema"]),
        // SQLite layer, canonical store, bundle import, data provider; `PathText` for its files and the CLI's.
        .target(
            name: "TripsStore",
            dependencies: [
                "TripsRecords", "RecordSchema", "TripsZones", "SQLite", "InputText", "CloudKitWeb", "TripsModel",
                "Digest", "OutputText",
            ]),
        // Is sync working? The health model over the store's sync state and event log, and the
        // Linux network monitor. No HTTP, so `trips sync status` runs in `trips` and starts fast.
        .target(name: "SyncHealth", dependencies: ["TripsStore", "InputText", "TripsModel"]),
        // Canonical pull, user-data sync, watch mode.
        .target(
            name: "TripsSync",
            dependencies: ["TripsStore", "SyncHealth", "CloudKitClient", "CloudKitWeb", "TripsModel", "OutputText"]),
        // Pure itinerary search (zone rules come from the caller).
        .target(name: "TripsPlanner", dependencies: ["TripsModel", "SeededRandom"], swiftSettings: plannerCPU),
        // What the fan types, read into model values: places, days, seasons, zones, drive-time files.
        // Knows no command, option or terminal.
        .target(
            name: "TripsInput",
            dependencies: [
                "TripsStore", "TripsPlanner", "TripsZones", "CloudKitWeb", "InputText", "TripsModel", "OutputText",
            ]),
        // Model values as text: tables, JSON, CSV, iCalendar, GPX, GeoJSON and the day-by-day itinerary.
        // Knows no command, option or terminal (a width and a `Style` are passed in).
        .target(
            name: "TripsRender",
            dependencies: [
                "TripsPlanner", "TripsStore", "SyncHealth", "TripsZones", "CalendarText", "CloudKitWeb", "InputText",
                "TripsModel", "OutputText",
            ]),
        // Argument parsing, commands, terminal I/O, exit codes.
        // No networking here: `trips` must start fast. `sync` runs in `trips-sync`.
        .target(
            name: "TripsCLI",
            dependencies: [
                "ArgumentParsing", "TripsRender", "TripsInput", "SyncHealth", "TripsStore", "TripsZones",
                "TripsPlanner",
                "CloudKitWeb", "InputText", "TripsModel", "OutputText",
            ]),
        // Released as one static executable (no dynamic loader work at start-up); see the Makefile.
        .executableTarget(
            name: "trips", dependencies: ["TripsCLI"],
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(configuration: .release))]),
        // `trips sync`: the same command line plus the sync client (links FoundationNetworking).
        .target(
            name: "TripsSyncCLI",
            dependencies: [
                "ArgumentParsing", "TripsCLI", "TripsRender", "TripsSync", "SyncHealth", "TripsZones", "CloudKitClient",
                "TripsModel", "TripsStore", "FeedSync", "FeedFetch", "InputText", "HTTPServer", "OutputText",
                "Publisher",
            ]),
        // `trips sync` without a cloud: the leagues' feeds published into a feeds database beside
        // the store (the publisher's own road), then pulled from it like any cloud.
        .target(
            name: "FeedSync",
            dependencies: [
                "Publisher", "FeedFetch", "LeagueFeeds", "CloudServer", "TripsSync", "CloudKitClient", "CloudKitWeb",
                "TripsModel", "TripsZones", "Digest",
            ]),
        .executableTarget(name: "trips-sync", dependencies: ["TripsSyncCLI"]),

        // HTTP/1.1 on plain sockets, strict by RFC 9112 (what it does not understand is a 4xx and a
        // closed connection): the development server's, and its head parser `trips login`'s too.
        .target(name: "HTTPServer"),
        // The CloudKit-compatible development server.
        .target(
            name: "CloudServer",
            dependencies: [
                "HTTPServer", "CloudKitWeb", "CloudKitSigning", "RecordSchema", "SQLite", "CalendarText", "CCrypto",
                "SeededRandom", "Digest",
            ]),
        .executableTarget(
            name: "trips-cloud",
            dependencies: [
                "ArgumentParsing", "CloudServer", "CloudKitClient", "CloudKitSigning", "CloudKitWeb", "Publisher",
                "LeagueFeeds", "FeedFetch", "RecordSchema", "TripsModel", "InputText",
            ]),
        // Starts a built `trips-cloud` as a real process (tests, benchmarks) and always stops it.
        .target(name: "CloudServerProcess", dependencies: ["TestSupport"]),

        // The leagues' live schedule feeds (MLB Stats API, NHL api-web, NBA scheduleLeagueV2, ESPN scoreboard)
        // read into `FeedGame`s and compared between fetches; pure (bytes in), so the publisher's tests need no network.
        .target(name: "LeagueFeeds", dependencies: ["TripsModel"]),
        // Gets a feed's bytes: a file, or a URL fetched politely (conditional GET, backoff, per-host interval)
        // over CloudKitClient's HTTPTransport and RetryPolicy; apart from LeagueFeeds so the readers link no networking.
        .target(name: "FeedFetch", dependencies: ["CloudKitClient"]),
        // The one road every game takes into the store: a source's `FeedGame`s → canonical Game (and Stadium)
        // records against the known teams, venues and games (one name folding, one team and venue directory,
        // one id rule); used by the publisher, direct sync (through it) and the bundle's importer.
        .target(name: "ScheduleLinking", dependencies: ["LeagueFeeds", "TripsZones", "TripsModel"]),
        // Feed schedules → ScheduleLinking → the difference against the cloud as atomic writes; over a
        // `PublicDatabase` the executable supplies (no HTTP here).
        .target(
            name: "Publisher",
            dependencies: [
                "ScheduleLinking", "LeagueFeeds", "FeedFetch", "TripsRecords", "RecordSchema", "TripsZones",
                "CloudKitWeb", "TripsModel", "Digest",
            ]),

        // Raw sources (../shared/data/raw) → readers into `FeedGame` → ScheduleLinking → Data/.
        .target(
            name: "DataImporter",
            dependencies: [
                "ScheduleLinking", "LeagueFeeds", "TripsRecords", "TripsZones", "CloudKitWeb", "TripsModel", "Digest",
            ]),
        .executableTarget(name: "trips-import", dependencies: ["ArgumentParsing", "DataImporter"]),

        // `make bench`: in-process measurements (import, sync, planner).
        .executableTarget(
            name: "trips-bench",
            dependencies: [
                "TripsStore", "TripsSync", "TripsPlanner", "TripsZones", "CloudKitClient", "CloudKitSigning",
                "CloudServerProcess", "TestSupport", "CloudKitWeb", "TripsModel", "TripsRecords", "Digest",
                "HTTPServer",
            ]),

        // Test-only helpers shared by test targets and the benchmarks (a seedable random generator, TZif
        // bytes, network namespaces, JSON-line logs of running processes).
        .target(name: "TestSupport", dependencies: ["SeededRandom"], path: "Tests/TestSupport"),

        // Package.swift, ARCHITECTURE.md's module graph and the sources' imports agree (TestSupport bounds its builds).
        .testTarget(name: "PackageGraphTests", dependencies: ["TestSupport"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"]),
        .testTarget(name: "InputTextTests", dependencies: ["InputText"]),
        .testTarget(name: "CalendarTextTests", dependencies: ["CalendarText"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "SyncHealthTests", dependencies: ["SyncHealth", "TestSupport", "TripsModel", "TripsStore"]),
        .testTarget(name: "DigestTests", dependencies: ["Digest"]),
        .testTarget(name: "OutputTextTests", dependencies: ["OutputText"]),
        .testTarget(name: "TripsModelTests", dependencies: ["TripsModel"]),
        .testTarget(name: "TripsZonesTests", dependencies: ["TripsZones", "TripsModel", "TestSupport"]),
        .testTarget(name: "CloudKitWebTests", dependencies: ["CloudKitWeb", "Digest"]),
        .testTarget(name: "LeagueFeedsTests", dependencies: ["LeagueFeeds", "TripsModel", "TestSupport"]),
        .testTarget(name: "ScheduleLinkingTests", dependencies: ["ScheduleLinking", "LeagueFeeds", "TripsModel"]),
        .testTarget(
            name: "PublisherTests",
            dependencies: [
                "Publisher", "LeagueFeeds", "FeedFetch", "CloudServerProcess", "TestSupport", "CloudKitWeb",
                "TripsModel",
            ]),
        .testTarget(
            name: "FeedFetchTests", dependencies: ["FeedFetch", "CloudKitClient", "TestSupport"], exclude: ["Scripts"]),
        .testTarget(
            name: "CloudKitClientTests",
            dependencies: ["CloudKitClient", "CloudKitSigning", "CloudKitWeb", "TestSupport"]),
        .testTarget(name: "CloudKitSigningTests", dependencies: ["CloudKitSigning", "TestSupport"]),
        .testTarget(name: "RecordSchemaTests", dependencies: ["RecordSchema", "CloudKitWeb"]),
        // The round trip wire → model → SQLite → model → wire needs the store.
        .testTarget(
            name: "TripsRecordsTests",
            dependencies: [
                "TripsRecords", "TripsStore", "CloudKitWeb", "RecordSchema", "SQLite", "TripsModel", "TestSupport",
            ]),
        .testTarget(
            name: "TripsStoreTests",
            dependencies: [
                "TripsStore", "TripsZones", "TestSupport", "CloudKitWeb", "RecordSchema", "SQLite", "TripsModel",
                "TripsRecords", "Digest", "OutputText",
            ]),
        .testTarget(
            name: "TripsSyncTests",
            dependencies: [
                "TripsSync", "TripsSyncCLI", "CloudServer", "CloudServerProcess", "trips", "trips-sync", "trips-cloud",
                "TestSupport", "CloudKitClient", "CloudKitSigning", "CloudKitWeb", "RecordSchema", "SQLite",
                "SyncHealth", "TripsCLI", "LeagueFeeds",
                "TripsModel", "TripsRecords", "TripsStore",
            ],
            exclude: ["Scripts"]),
        .testTarget(
            name: "TripsPlannerTests", dependencies: ["TripsPlanner", "TripsZones", "TestSupport", "TripsModel"]),
        .testTarget(name: "TripsInputTests", dependencies: ["TripsInput", "TripsModel", "TripsZones", "TripsStore"]),
        .testTarget(
            name: "TripsRenderTests",
            dependencies: ["TripsRender", "TripsModel", "TripsPlanner", "TripsZones", "TestSupport"],
            exclude: ["Golden"]),
        .testTarget(
            name: "TripsCLITests",
            dependencies: [
                "TripsCLI", "TripsRender", "TripsInput", "SyncHealth", "trips", "trips-sync", "trips-cloud",
                "CloudServerProcess", "ArgumentParsing", "SQLite", "TripsModel", "TripsPlanner", "TripsRecords",
                "TripsStore", "TripsZones", "TestSupport", "OutputText",
            ],
            exclude: ["Golden", "Scripts", "DriveTimes", "Comfort"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(
            name: "CloudServerTests",
            dependencies: [
                "CloudServer", "HTTPServer", "CloudKitClient", "CloudKitSigning", "trips-cloud", "CloudServerProcess",
                "TestSupport", "CloudKitWeb", "Digest",
            ]),
        .testTarget(
            name: "DataImporterTests",
            dependencies: [
                "DataImporter", "LeagueFeeds", "TripsStore", "TripsZones", "CloudKitWeb", "TripsModel", "TripsRecords",
            ],
            exclude: ["Fixtures"]
        ),
    ]
)
