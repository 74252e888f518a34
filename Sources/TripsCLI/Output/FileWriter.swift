import FoundationEssentials
import Glibc

/// Writes `--output`. A regular file is either complete or absent: the text goes to a temporary
/// file in the target's folder, is synced, then renamed over the target (rename is atomic). A
/// symbolic link is written through to its target and stays a link; devices, pipes and our own
/// descriptors (`/dev/stdout`) are streamed to, never replaced.
enum FileWriter {
    enum WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        case cannotWrite(path: String, reason: String)

        var description: String {
            switch self {
            case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
            }
        }
    }

    /// Whether `--output` named a file (worth a "wrote …" note) or a stream such as `/dev/stdout`,
    /// where the text itself is the answer.
    enum Written: Sendable, Hashable {
        case file, stream
    }

    @discardableResult
    static func write(_ text: String, to path: String) throws -> Written {
        let bytes = Array(text.utf8)
        switch try WriteTarget.resolve(path) {
        case .descriptor(let fd):
            if let reason = writeAll(bytes, to: fd) { throw WriteError.cannotWrite(path: path, reason: reason) }
            return .stream
        case .stream(let target):
            let fd = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { throw WriteError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
            defer { close(fd) }
            if let reason = writeAll(bytes, to: fd) { throw WriteError.cannotWrite(path: path, reason: reason) }
            return .stream
        case .file(let target):
            try replace(target, with: bytes, named: path)
            return .file
        }
    }

    /// Writes a sibling temporary file with the target's mode (0644 less the umask for a new
    /// file), syncs it, and renames it over `target`.
    private static func replace(_ target: String, with bytes: [UInt8], named path: String) throws {
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        var folder = stat()
        guard stat(directory, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else {
            throw WriteError.cannotWrite(path: path, reason: "folder \(directory) does not exist")
        }
        var existing = stat()
        let replacing = stat(target, &existing) == 0
        // A file the user made read-only is refused, as `cp` refuses it — not replaced by the
        // rename, which only needs the folder to be writable. Root passes `access`, so the mode's
        // write bits decide for it.
        if replacing, geteuid() == 0 ? existing.st_mode & 0o222 == 0 : access(target, W_OK) != 0 {
            throw WriteError.cannotWrite(path: path, reason: "it is read-only")
        }
        let mode = replacing ? existing.st_mode & 0o7777 : 0o644
        let temporary = directory + "/.\(url.lastPathComponent).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw WriteError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        var reason = writeAll(bytes, to: fd)
        if reason == nil, (replacing && fchmod(fd, mode) != 0) || fsync(fd) != 0 {
            reason = String(cString: strerror(errno))
        }
        close(fd)
        if reason == nil, rename(temporary, target) != 0 { reason = String(cString: strerror(errno)) }
        if let reason {
            unlink(temporary)
            throw WriteError.cannotWrite(path: path, reason: reason)
        }
    }

    /// Writes every byte (retrying short writes and EINTR); answers the failure, or nil.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        bytes.withUnsafeBytes { raw -> String? in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += n
            }
            return nil
        }
    }
}
