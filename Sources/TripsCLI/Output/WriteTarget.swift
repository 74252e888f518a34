import FoundationEssentials
import Glibc
import TripsModel
import TripsStore

/// Where an `--output` path really leads. A symbolic link is followed to its target (the link
/// stays a link); a device, pipe or socket is streamed to, never replaced; `/dev/stdout` and
/// `/dev/fd/N` name one of our own open descriptors, which is written directly.
enum WriteTarget: Equatable {
    /// One of this process's open descriptors (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`).
    case descriptor(Int32)
    /// A character or block device, FIFO or socket: opened and written in place.
    case stream(path: String)
    /// A regular file, or nothing yet: replaced atomically (folder of `path`).
    case file(path: String)

    /// Follows `path` link by link (at most 40, like the kernel) to what a write should reach.
    static func resolve(_ path: String) throws(FileWriter.WriteError) -> WriteTarget {
        var current = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        for _ in 0..<40 {
            if let descriptor = ownDescriptor(named: current) { return .descriptor(descriptor) }
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if errno == ENOENT { return .file(path: current) }
                throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                    throw .cannotWrite(path: path, reason: "cannot read the link \(current)")
                }
                current =
                    target.hasPrefix("/") ? target : PathText.deletingLastComponent(current) + "/" + target
            case S_IFREG: return .file(path: current)
            case S_IFDIR: throw .cannotWrite(path: path, reason: "it is a folder")
            default: return .stream(path: current)
            }
        }
        throw .cannotWrite(path: path, reason: "too many levels of symbolic links")
    }

    /// `/dev/stdout` and friends, spelled directly or reached through links (`/dev/stdout` →
    /// `/proc/self/fd/1`, whose own link text is not a path).
    private static func ownDescriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }
}
