import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child started with `posix_spawn` directly, reaped by a thread of its own. Foundation's
/// `Process` learns of an exit on one shared manager thread whose bookkeeping (a run-loop source
/// on the spawning thread) can stall, and then every test's child seems to run for a minute;
/// here each child has its own waiter and nothing else reaps it. Descriptors other than the three
/// given are closed in the child (`closefrom`), so no child holds another test's pipes.
struct SpawnedChild {
    enum Failure: Error, CustomStringConvertible {
        case cannotStart(String, Int32)
        var description: String {
            switch self {
            case .cannotStart(let path, let code): return "cannot start \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    let pid: Int32

    /// Starts `path` with `arguments`, stdin/stdout/stderr from the given descriptors, in
    /// `directory`; `onExit(status, bySignal)` is called once, from the reaping thread.
    init(
        _ path: String, _ arguments: [String], environment: [String: String], directory: String?,
        stdin: Int32, stdout: Int32, stderr: Int32, onExit: @escaping @Sendable (Int32, Bool) -> Void
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        _ = GNU.addClosefrom(&actions, 3)
        if let directory { _ = GNU.addChdir(&actions, directory) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (as Foundation does), so a signal to the test's group spares it.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let code = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard code == 0 else { throw Failure.cannotStart(path, code) }
        pid = child
        let reaped = child
        Thread {
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(reaped, &status, 0) } while result < 0 && errno == EINTR
            let signalled = (status & 0x7f) != 0
            onExit(signalled ? status & 0x7f : (status >> 8) & 0xff, signalled)
        }.start()
    }

    /// A pipe whose both ends close on exec (the child gets its end by dup2).
    static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard GNU.pipe2(&fds, O_CLOEXEC) == 0 else { throw Failure.cannotStart("pipe", errno) }
        return (fds[0], fds[1])
    }
}

/// glibc's GNU extensions (2.34+), which the Glibc module does not declare without _GNU_SOURCE:
/// looked up once by name.
private enum GNU {
    typealias AddClosefrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    static let addClosefrom = symbol("posix_spawn_file_actions_addclosefrom_np", AddClosefrom.self)
    static let addChdir = symbol("posix_spawn_file_actions_addchdir_np", AddChdir.self)
    static let pipe2 = symbol("pipe2", Pipe2.self)

    private static func symbol<T>(_ name: String, _ type: T.Type) -> T {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            fatalError("glibc has no \(name)")
        }
        return unsafeBitCast(address, to: type)
    }
}
