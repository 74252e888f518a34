import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A throwaway network namespace made with iproute2's `ip`, for tests that watch real kernel
/// events without touching the host's network. Only private addresses go in it; `delete()` is
/// the caller's `defer`.
public struct NetworkNamespace: Sendable {
    public let name: String

    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    public static let ipPath = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Root, `ip`, and namespaces allowed here (probed by making and removing one).
    public static let isAvailable: Bool = {
        guard getuid() == 0, ipPath != nil, let probe = try? NetworkNamespace() else { return false }
        probe.delete()
        return true
    }()

    public init() throws {
        name = "trips-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try Self.run(["netns", "add", name])
    }

    /// `ip -n NAME …`.
    public func ip(_ arguments: String...) throws {
        try Self.run(["-n", name] + arguments)
    }

    /// Makes the namespace look online: loopback up, and a veth pair with a private address and
    /// a default route through it. `goOffline`/`goOnline` then flap it.
    public func makeOnline() throws {
        try ip("link", "set", "lo", "up")
        try ip("link", "add", "veth0", "type", "veth", "peer", "name", "veth1")
        try ip("link", "set", "veth1", "up")
        try ip("addr", "add", "10.213.0.2/24", "dev", "veth0")
        try goOnline()
    }

    public func goOffline() throws {
        try ip("link", "set", "veth0", "down")
    }

    /// Link up and the default route back (the kernel drops it with the link).
    public func goOnline() throws {
        try ip("link", "set", "veth0", "up")
        try ip("route", "replace", "default", "via", "10.213.0.1", "dev", "veth0", "onlink")
    }

    /// A script in `folder` that runs `program` inside the namespace, for APIs that take an
    /// executable (e.g. `CloudServerProcess.start(executable:)`).
    public func wrapper(for program: URL, in folder: URL) throws -> URL {
        let script = folder.appendingPathComponent("in-\(name)-\(program.lastPathComponent)")
        let words = exec(program.path, []).map { "'\($0)'" }.joined(separator: " ")
        try Data("#!/bin/sh\nexec \(words) \"$@\"\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    public func delete() {
        try? Self.run(["netns", "del", name])
    }

    /// `ip netns exec NAME PROGRAM ARGS…`: the words that run a program inside the namespace.
    public func exec(_ program: String, _ arguments: [String]) -> [String] {
        [Self.ipPath ?? "ip", "netns", "exec", name, program] + arguments
    }

    /// `setns(2)`: Glibc's Swift module hides it (it is a _GNU_SOURCE declaration).
    public static func setNamespace() -> (@convention(c) (Int32, Int32) -> Int32)? {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "setns") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }

    /// CLONE_NEWNET, for `setns`.
    public static let networkNamespaceType: Int32 = 0x4000_0000

    private static func run(_ arguments: [String]) throws {
        guard let ipPath else { throw Failure(description: "no ip command") }
        // Synchronous (the benchmarks call it too), but never past its deadline.
        let ended = try WatchedProcess(URL(fileURLWithPath: ipPath), arguments).blockingExit(within: .seconds(30))
        guard ended.status == 0 else {
            throw Failure(description: "ip \(arguments.joined(separator: " ")): \(ended.stderr)")
        }
    }
}
