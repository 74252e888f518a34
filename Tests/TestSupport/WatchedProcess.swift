import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process a test starts and watches: its exit and its output lines are awaited, never
/// blocked on, so waiting for a child holds none of the test pool's threads (one per core). It is
/// started by `SpawnedChild` (posix_spawn, not Foundation's `Process`, whose one manager thread
/// stalled every test's exits for a minute under the full suite) and reaped by a thread of its
/// own; two more threads drain its stdout and stderr (so it can never block on a full pipe).
/// Waiters are woken at each change. Once the child has exited, a stream that stays quiet for
/// `quietAfterExit` counts as ended (a grandchild may still hold it).
///
/// Every wait takes a deadline: when it passes, the child is killed and the wait throws
/// `WaitTimedOut` with what it waited for, the child's pid and its last lines. The child is also
/// killed (SIGKILL) when the last reference to this object goes, i.e. when the test ends.
public final class WatchedProcess: @unchecked Sendable {
    // `@unchecked`: `process` is only signalled and asked `isRunning` (thread-safe); all other
    // state is in `output` (a Mutex).

    /// What the child reads on stdin.
    public enum Input: Sendable {
        /// `/dev/null`.
        case none
        /// This text, then end of file.
        case text(String)
        /// A pipe kept open until `closeInput()` (a lifeline: the child sees EOF when it is closed).
        case open
    }

    /// How a child ended, and everything it wrote.
    public struct Exit: Sendable {
        /// The exit status, or the signal's number when `killedBySignal`.
        public var status: Int32
        public var killedBySignal: Bool
        public var stdout: String
        public var stderr: String
    }

    public let pid: Int32
    /// The command line, for messages.
    public let command: String
    /// How many of the child's last lines a timeout reports.
    public static let tailLength = 20

    private let output = ProcessOutput()
    private let input: FileHandle?
    /// Whether `input` was closed: it is closed once, by whichever comes first (the writer
    /// thread, `closeInput`, deinit). Two closes of one descriptor from two threads can close a
    /// number another part of the process has reused meanwhile.
    private let inputClosed = InputLatch()

    /// Starts `executable` with `arguments`. `environment` nil inherits the test's.
    public init(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String]? = nil,
        directory: URL? = nil, input: Input = .none, errorFile: URL? = nil
    ) throws {
        let stdout = try SpawnedChild.pipe()
        // `errorFile`: stderr appended to that file by the child itself, so a line it wrote is
        // there the moment it wrote it (a server's request log read right after a request);
        // not drained, not in `stderr` or the last lines.
        var stderr: (read: Int32, write: Int32)
        if let errorFile {
            let fd = open(errorFile.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw SpawnedChild.Failure.cannotStart(errorFile.path, errno) }
            stderr = (-1, fd)
        } else {
            stderr = try SpawnedChild.pipe()
        }
        var text: String?
        var childInput: Int32
        switch input {
        case .none:
            childInput = open("/dev/null", O_RDONLY | O_CLOEXEC)
            self.input = nil
        case .text(let value):
            let pipe = try SpawnedChild.pipe()
            childInput = pipe.read
            self.input = FileHandle(fileDescriptor: pipe.write, closeOnDealloc: false)
            text = value
        case .open:
            let pipe = try SpawnedChild.pipe()
            childInput = pipe.read
            self.input = FileHandle(fileDescriptor: pipe.write, closeOnDealloc: false)
        }
        let output = self.output
        let child: SpawnedChild
        do {
            child = try SpawnedChild(
                executable.path, arguments, environment: environment ?? ProcessInfo.processInfo.environment,
                directory: directory?.path, stdin: childInput, stdout: stdout.write, stderr: stderr.write
            ) { status, bySignal in output.ended(status: status, bySignal: bySignal) }
        } catch {
            for fd in [childInput, stdout.read, stdout.write, stderr.read, stderr.write] where fd >= 0 { close(fd) }
            if let input = self.input { try? input.close() }
            throw error
        }
        // Our copies of the child's ends: closed, so its exit is our end of file.
        for fd in [childInput, stdout.write, stderr.write] { close(fd) }
        pid = child.pid
        command = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        ProcessOutput.drain(
            FileHandle(fileDescriptor: stdout.read, closeOnDealloc: false), into: output, isError: false)
        if stderr.read >= 0 {
            ProcessOutput.drain(
                FileHandle(fileDescriptor: stderr.read, closeOnDealloc: false), into: output, isError: true)
        } else {
            output.notWatched(isError: true)
        }
        if let text, let handle = self.input {
            // On its own thread: a child that does not read would otherwise block the writer. A
            // child that exits without reading closes the pipe: that write error is no failure.
            let closed = inputClosed
            Thread {
                try? handle.write(contentsOf: Data(text.utf8))
                Self.closeOnce(handle, closed)
            }.start()
        }
    }

    deinit {
        if isRunning { Glibc.kill(pid, SIGKILL) }
        if let input { Self.closeOnce(input, inputClosed) }
    }

    private static func closeOnce(_ handle: FileHandle, _ closed: InputLatch) {
        closed.state.withLock { done in
            guard !done else { return }
            done = true
            try? handle.close()
        }
    }

    public var isRunning: Bool { output.read { $0.ended == nil } }

    public func signal(_ number: Int32) { Glibc.kill(pid, number) }

    /// SIGKILL.
    public func kill() { signal(SIGKILL) }

    /// Closes the `.open` stdin pipe.
    public func closeInput() {
        if let input { Self.closeOnce(input, inputClosed) }
    }

    /// What it wrote to stdout so far.
    public var stdout: String { output.read { String(decoding: $0.stdout, as: UTF8.self) } }
    /// What it wrote to stderr so far.
    public var stderr: String { output.read { String(decoding: $0.stderr, as: UTF8.self) } }
    /// Its complete stdout lines so far (returned by `nextLine` or not).
    public var lines: [String] { output.read { $0.lines } }
    /// Its last lines, stdout and stderr interleaved as they came.
    public var lastLines: [String] { output.read { $0.tail } }

    /// Waits for its exit and for the end of its output.
    public func exit(within allowed: Duration = .seconds(60)) async throws -> Exit {
        let deadline = Deadline(allowed)
        if let exit = await output.wait(until: deadline, { $0.finished }) { return exit }
        throw timedOut("its exit", allowed)
    }

    /// `exit(within:)` for synchronous tests, which hold their pool thread anyway: blocks, but
    /// never past the deadline.
    public func blockingExit(within allowed: Duration = .seconds(60)) throws -> Exit {
        let deadline = Deadline(allowed)
        if let exit = output.blockingWait(until: deadline, { $0.finished }) { return exit }
        throw timedOut("its exit", allowed)
    }

    /// The next stdout line not yet returned that satisfies `matches`. Throws when the child ends
    /// without writing one, or (killing it) when the deadline passes; `what` names the line.
    public func nextLine(
        _ what: String, within allowed: Duration = .seconds(60), where matches: (String) -> Bool = { _ in true }
    ) async throws -> String {
        let deadline = Deadline(allowed)
        let found = await output.wait(until: deadline) { state -> String?? in
            while state.consumed < state.lines.count {
                state.consumed += 1
                if matches(state.lines[state.consumed - 1]) { return .some(state.lines[state.consumed - 1]) }
            }
            return state.finished == nil ? nil : .some(nil)
        }
        switch found {
        case .some(.some(let line)): return line
        case .some(.none): throw Ended(waitingFor: what, pid: pid, command: command, lastLines: lastLines)
        case .none: throw timedOut(what, allowed)
        }
    }

    /// Polls state outside the child (a file, a server's log) until `check` answers a value;
    /// `check` sees whether the child is still running. A timeout names `what`, kills the child
    /// and reports its last lines.
    public func poll<Value>(
        _ what: String, within allowed: Duration = .seconds(60), every interval: Duration = .milliseconds(5),
        _ check: (_ running: Bool) async throws -> Value?
    ) async throws -> Value {
        do {
            return try await Deadline.poll(what, within: allowed, every: interval) { try await check(isRunning) }
        } catch is WaitTimedOut {
            throw timedOut(what, allowed)
        }
    }

    /// Kills the child and describes the wait that ran out.
    private func timedOut(_ what: String, _ allowed: Duration) -> WaitTimedOut {
        kill()
        return WaitTimedOut(waitingFor: what, allowed: allowed, pid: pid, command: command, lastLines: lastLines)
    }

    /// The child ended before writing what a test waited for.
    public struct Ended: Error, CustomStringConvertible {
        public var waitingFor: String
        public var pid: Int32
        public var command: String
        public var lastLines: [String]

        public var description: String {
            "pid \(pid) (\(command)) ended before \(waitingFor)\n--- its last \(lastLines.count) lines ---\n"
                + lastLines.joined(separator: "\n")
        }
    }
}

/// What a child wrote and how it ended, shared by its reader threads, its termination handler
/// and its waiters.
final class ProcessOutput: Sendable {
    struct State {
        var stdout = Data()
        var stderr = Data()
        var lines: [String] = []
        /// Lines of stdout `nextLine` has looked at.
        var consumed = 0
        var tail: [String] = []
        var partial: [Bool: Data] = [:]
        var openStreams = 2
        var ended: (status: Int32, bySignal: Bool)?
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0

        /// The whole outcome, once it has exited and both streams are closed.
        var finished: WatchedProcess.Exit? {
            guard let ended, openStreams == 0 else { return nil }
            return WatchedProcess.Exit(
                status: ended.status, killedBySignal: ended.bySignal, stdout: String(decoding: stdout, as: UTF8.self),
                stderr: String(decoding: stderr, as: UTF8.self))
        }

        mutating func append(_ bytes: Data, isError: Bool) {
            if isError { stderr.append(bytes) } else { stdout.append(bytes) }
            var pending = (partial[isError] ?? Data()) + bytes
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = Data(pending[(newline + 1)...])
                if !isError { lines.append(line) }
                remember(isError ? "stderr: " + line : line)
            }
            partial[isError] = pending
        }

        mutating func close(isError: Bool) {
            openStreams -= 1
            if let rest = partial[isError], !rest.isEmpty {
                let line = String(decoding: rest, as: UTF8.self)
                if !isError { lines.append(line) }
                remember(isError ? "stderr: " + line : line)
            }
            partial[isError] = nil
        }

        private mutating func remember(_ line: String) {
            tail.append(line)
            if tail.count > WatchedProcess.tailLength { tail.removeFirst(tail.count - WatchedProcess.tailLength) }
        }
    }

    private let state = Mutex(State())
    /// Wakes blocking waiters (`blockingWait`); async ones are in `State.waiters`.
    private let condition = NSCondition()

    func read<Value>(_ body: (State) -> Value) -> Value { state.withLock { body($0) } }

    /// The first report wins.
    /// A stream that goes elsewhere (a file): it counts as ended from the start.
    func notWatched(isError: Bool) {
        change { $0.close(isError: isError) }
    }

    func ended(status: Int32, bySignal: Bool) {
        change { state in
            if state.ended == nil { state.ended = (status, bySignal) }
        }
    }

    /// How long a stream may stay quiet after the child exited before it counts as ended (a
    /// write end inherited by another process would otherwise keep it open).
    static let quietAfterExit: Int32 = 300

    /// Reads `handle` to its end on a dedicated thread (a blocking read there holds no pool thread).
    static func drain(_ handle: FileHandle, into output: ProcessOutput, isError: Bool) {
        Thread {
            let fd = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, quietAfterExit)
                if ready == 0 {
                    if output.read({ $0.ended != nil }) { break }  // exited, and nothing more came
                    continue
                }
                if ready < 0 && errno == EINTR { continue }
                let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                let bytes = Data(buffer[0..<count])
                output.change { $0.append(bytes, isError: isError) }
            }
            output.change { $0.close(isError: isError) }
            try? handle.close()
        }.start()
    }

    /// Applies `update` and wakes every waiter to check again.
    private func change(_ update: (inout State) -> Void) {
        let woken = state.withLock { state in
            update(&state)
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in woken { waiter.resume() }
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    private func wake(_ id: Int) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }

    /// Suspends until `satisfied` answers a value (checked at each change) or the deadline
    /// passes (nil).
    func wait<Value>(until deadline: Deadline, _ satisfied: (inout State) -> Value?) async -> Value? {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let timer = Task { [self] in
            do { try await Task.sleep(until: deadline.instant, clock: .continuous) } catch { return }
            wake(id)
        }
        defer { timer.cancel() }
        // Each pass checks `satisfied` before it looks at the deadline: a waiter scheduled late
        // (a busy machine) still sees what arrived in time, and one woken by the timer answers
        // nil only when it is really missing.
        while true {
            var found: Value?
            var expired = false
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let ready = state.withLock { state in
                        found = satisfied(&state)
                        if found != nil { return true }
                        if deadline.hasPassed || Task.isCancelled {
                            expired = true
                            return true
                        }
                        state.waiters[id] = continuation
                        return false
                    }
                    if ready { continuation.resume() }
                }
            } onCancel: {
                wake(id)
            }
            if let found { return found }
            if expired { return nil }
        }
    }

    /// `wait` for synchronous callers: blocks this thread, at most until the deadline.
    func blockingWait<Value>(until deadline: Deadline, _ satisfied: (inout State) -> Value?) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = state.withLock({ satisfied(&$0) }) { return found }
            if deadline.hasPassed { return nil }
            _ = condition.wait(until: deadline.date)
        }
    }
}

/// Whether a child's stdin was closed (shared by the writer thread and the process object).
final class InputLatch: Sendable {
    let state = Mutex(false)
}
