import Foundation
import TestSupport

@testable import SyncHealth

#if canImport(Glibc)
    import Glibc
#endif

extension NetworkNamespace {
    /// Calls `monitor.statuses()` on a thread moved into the namespace, so its sockets watch it.
    func statuses(of monitor: some NetworkMonitor) async throws -> AsyncStream<NetworkStatus> {
        let path = "/run/netns/\(name)"
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                let target = open(path, O_RDONLY | O_CLOEXEC)
                guard target >= 0 else {
                    continuation.resume(throwing: Failure(description: "cannot open \(path)"))
                    return
                }
                defer { close(target) }
                guard let enter = NetworkNamespace.setNamespace(),
                    enter(target, NetworkNamespace.networkNamespaceType) == 0
                else {
                    continuation.resume(throwing: Failure(description: "setns failed: errno \(errno)"))
                    return
                }
                // The thread ends after this, taking its namespace membership with it.
                continuation.resume(returning: monitor.statuses())
            }
            thread.start()
        }
    }
}
