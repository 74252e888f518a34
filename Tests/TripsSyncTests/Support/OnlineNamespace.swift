import CloudServerProcess
import Foundation
import TestSupport

/// A network namespace that looks online (`NetworkNamespace.makeOnline`), with its own
/// loopback, where a `trips-cloud` and a watcher run together while the test takes the link
/// down and up. Only private addresses; the host's network is untouched.
struct OnlineNamespace {
    let namespace: NetworkNamespace
    let scratch: URL

    init() throws {
        namespace = try NetworkNamespace()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("trips-netns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try namespace.makeOnline()
    }

    /// A `trips-cloud` serving the fixture bundle on the namespace's loopback.
    func startCloud() async throws -> LiveCloud {
        let server = try await CloudServerProcess.start(
            data: FixtureBundle.directory,
            executable: namespace.wrapper(for: CloudServerProcess.locateExecutable(), in: scratch))
        return LiveCloud(server: server)
    }

    func delete() {
        namespace.delete()
        try? FileManager.default.removeItem(at: scratch)
    }
}
