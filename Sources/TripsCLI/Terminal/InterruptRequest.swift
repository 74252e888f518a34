import Glibc
import Synchronization

/// Ctrl-C or SIGTERM during a long search asks it to stop instead of ending the program, so the
/// best trip found so far is printed before exit 130 (issue 28). A second one ends the program
/// at once, writing nothing more.
enum InterruptRequest {
    private static let raised = Atomic<Bool>(false)

    /// Whether SIGINT or SIGTERM has come since `listen()`.
    static var isRaised: Bool { raised.load(ordering: .relaxed) }

    /// From now on SIGINT and SIGTERM raise the request. The handler only swaps an atomic flag
    /// (async-signal-safe); the search reads it at its checkpoints.
    static func listen() {
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in
                if InterruptRequest.raised.exchange(true, ordering: .relaxed) { _exit(130) }
            }
        }
    }
}
