import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The write end of the signal pipe, for the C signal handler (which can capture nothing).
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// Turns Ctrl-C, SIGTERM and a time limit into a cancel of the running sync task, which stops
/// at the next page boundary (DESIGN §6.6). A second signal exits at once (130): every page is
/// its own transaction, so nothing half-written is left behind.
///
/// Signals are caught by a plain `sigaction` handler that only writes the signal number to a
/// pipe (async-signal-safe, and it works whichever thread the kernel picks — a dispatch signal
/// source can lose a signal delivered to a thread that was started before it); a read source
/// on the main queue (the main actor's) turns that into the cancel.
@MainActor
public final class SyncInterruption {
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        case signal(Int32)
        case timeLimit(seconds: Double)

        public var description: String {
            switch self {
            case .signal(SIGINT): return "interrupted"
            case .signal(SIGTERM): return "terminated"
            case .signal(let n): return "stopped by signal \(n)"
            case .timeLimit(let seconds): return "time limit of \(Self.format(seconds)) s reached"
            }
        }

        private static func format(_ seconds: Double) -> String {
            seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        }
    }

    /// Why the task was cancelled, once it was.
    public private(set) var reason: Reason?
    private var reader: DispatchSourceRead?
    private var timer: Task<Void, Never>?
    private var cancel: (@MainActor () -> Void)?

    public init() {}

    /// Starts watching: `cancel` runs (once) on the first signal or when `timeLimit` seconds pass.
    public func watch(timeLimit: Double?, cancel: @escaping @MainActor () -> Void) {
        self.cancel = cancel
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
            signalPipe = fds[1]
            let source = DispatchSource.makeReadSource(fileDescriptor: fds[0], queue: .main)
            let (readEnd, writeEnd) = (fds[0], fds[1])
            source.setCancelHandler {
                close(readEnd)
                close(writeEnd)
            }
            source.setEventHandler { [weak self] in
                var number: UInt8 = 0
                guard read(readEnd, &number, 1) == 1 else { return }
                MainActor.assumeIsolated { self?.fire(.signal(Int32(number))) }
            }
            source.resume()
            reader = source
            for number in [SIGINT, SIGTERM] {
                signal(number) { number in
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(signalPipe, &byte, 1)
                }
            }
        }
        if let timeLimit {
            timer = Task { @MainActor [weak self] in
                try? await Task.sleep(for: .milliseconds(Int64((timeLimit * 1000).rounded(.up))))
                guard !Task.isCancelled else { return }
                self?.fire(.timeLimit(seconds: timeLimit))
            }
        }
    }

    /// Stops watching and restores the default signal handling.
    public func stop() {
        timer?.cancel()
        timer = nil
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        signalPipe = -1
        reader?.cancel()  // its cancel handler closes the pipe
        reader = nil
        cancel = nil
    }

    private func fire(_ why: Reason) {
        if reason != nil {
            if case .signal = why { _exit(130) }
            return
        }
        reason = why
        cancel?()
    }
}
