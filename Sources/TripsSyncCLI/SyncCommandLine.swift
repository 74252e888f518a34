import TripsCLI

/// `trips-sync`: the `trips` command line with the real `sync` handler, in the executable that
/// links the HTTP client. Users run it as `trips sync`.
public enum SyncCommandLine {
    @MainActor
    public static func main() async -> Never {
        await TripsCommandLine.main(overrides: ["sync": { try await SyncCommand.run($0, $1) }])
    }
}
