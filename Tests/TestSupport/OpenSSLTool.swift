import Foundation

/// The `openssl` command line as a test's second opinion on signatures, and its key maker:
/// each call is a `WatchedProcess`, awaited with a deadline.
public enum OpenSSLTool {
    public static let executable = URL(fileURLWithPath: "/usr/bin/openssl")

    /// A failed `openssl` run, with what it said.
    public struct Failed: Error, CustomStringConvertible {
        public var arguments: [String]
        public var status: Int32
        public var stderr: String

        public var description: String { "openssl \(arguments.joined(separator: " ")) exited \(status): \(stderr)" }
    }

    /// Runs `openssl ARGS`; throws unless it exits 0.
    @discardableResult
    public static func run(_ arguments: [String]) async throws -> WatchedProcess.Exit {
        let exit = try await WatchedProcess(executable, arguments).exit(within: .seconds(60))
        guard exit.status == 0, !exit.killedBySignal else {
            throw Failed(arguments: arguments, status: exit.status, stderr: exit.stderr)
        }
        return exit
    }

    /// Runs `openssl ARGS` whatever its exit status.
    public static func attempt(_ arguments: [String]) async throws -> WatchedProcess.Exit {
        try await WatchedProcess(executable, arguments).exit(within: .seconds(60))
    }

    /// A P-256 key pair made as CloudKit's guide makes one: `private.pem` (SEC1, `ecparam
    /// -genkey`; PKCS#8 with `pkcs8`, as `genpkey` writes it) and `public.pem`, in `directory`.
    public static func makeKeyPair(
        in directory: URL, name: String = "key", pkcs8: Bool = false, curve: String = "prime256v1"
    ) async throws -> (privateKey: URL, publicKey: URL) {
        let privateKey = directory.appendingPathComponent("\(name).pem")
        let publicKey = directory.appendingPathComponent("\(name).pub.pem")
        if pkcs8 {
            try await run([
                "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:\(curve)", "-out", privateKey.path,
            ])
        } else {
            try await run(["ecparam", "-name", curve, "-genkey", "-noout", "-out", privateKey.path])
        }
        try await run(["pkey", "-in", privateKey.path, "-pubout", "-out", publicKey.path])
        return (privateKey, publicKey)
    }

    /// A fresh private folder for key files; remove it when done.
    public static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }
}
