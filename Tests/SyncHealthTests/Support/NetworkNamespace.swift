import Foundation

@testable import SyncHealth

#if canImport(Glibc)
    import Glibc
#endif

/// A throwaway network namespace made with iproute2's `ip`, for tests that watch real kernel
/// events without touching the host's network. Only private addresses go in it; `delete()` is
/// the caller's `defer`.
struct NetworkNamespace: Sendable {
    let name: String
    /// CLONE_NEWNET, for `setns`.
    private static let networkNamespaceType: Int32 = 0x4000_0000

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let ipPath = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Root, `ip`, and namespaces allowed here (probed by making and removing one).
    static let isAvailable: Bool = {
        guard getuid() == 0, ipPath != nil, let probe = try? NetworkNamespace() else { return false }
        probe.delete()
        return true
    }()

    init() throws {
        name = "trips-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try Self.run(["netns", "add", name])
    }

    /// `ip -n NAME …`.
    func ip(_ arguments: String...) throws {
        try Self.run(["-n", name] + arguments)
    }

    func delete() {
        try? Self.run(["netns", "del", name])
    }

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
                guard let enter = Self.setNamespace(), enter(target, Self.networkNamespaceType) == 0 else {
                    continuation.resume(throwing: Failure(description: "setns failed: errno \(errno)"))
                    return
                }
                // The thread ends after this, taking its namespace membership with it.
                continuation.resume(returning: monitor.statuses())
            }
            thread.start()
        }
    }

    /// `setns(2)`: Glibc's Swift module hides it (it is a _GNU_SOURCE declaration).
    private static func setNamespace() -> (@convention(c) (Int32, Int32) -> Int32)? {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "setns") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }

    private static func run(_ arguments: [String]) throws {
        guard let ipPath else { throw Failure(description: "no ip command") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ipPath)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure(description: "ip \(arguments.joined(separator: " ")): \(text)")
        }
    }
}
