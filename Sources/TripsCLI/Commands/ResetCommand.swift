import Foundation
import TripsModel
import TripsStore

/// `trips reset`: delete the local store and rebuild it from the bundled data — the fix for
/// a damaged store. Asks first on a terminal; elsewhere it needs `--yes`.
enum ResetCommand {
    static let spec = CommandSpec(
        name: "reset", summary: "Rebuild the local store from the bundled data (asks for confirmation)",
        discussion: "Deletes the store file and imports the bundled snapshot again. Synced changes are fetched again by the next `trips sync`.",
        options: [.flag("yes", short: "y", "Do not ask for confirmation")])

    static func run(_ args: ParsedArguments, _ context: CLIContext) throws {
        let path = context.storeLocation.storePath
        if !args.has("yes") {
            guard context.stdinIsTerminal else {
                throw InputError.refused("refusing to reset \(path) without confirmation — run `trips reset --yes`")
            }
            context.stdout.write("This deletes \(path.terminalSafe) and rebuilds it from the bundled data. Continue? [y/N] ")
            context.stdout.flush()
            guard let answer = context.readLine() else { throw Interrupted() }
            guard ["y", "yes"].contains(answer.trimmed.lowercased()) else {
                context.stdout.line("Nothing changed.")
                return
            }
        }
        context.closeStore()
        let bundle = try context.bundleLocator.locate()  // fail before deleting anything
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let file = path + suffix
            if FileManager.default.fileExists(atPath: file) {
                do {
                    try FileManager.default.removeItem(atPath: file)
                } catch {
                    throw StoreError.notWritable(path: file, reason: "cannot delete it")
                }
            }
        }
        let store = try CanonicalStore.openBootstrapped(
            at: context.storeLocation, bundle: BundleLocator(environment: ["TRIPS_DATA": bundle.path]))
        let games = try store.liveCount(.game)
        context.stdout.line("Rebuilt \(path.terminalSafe) from the bundled data (\(games) games).")
    }
}
