import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of request bodies held in memory, server-wide, against a limit. Bytes are counted
/// as they arrive (a trickle holds next to nothing), and given back when the body is freed.
/// `@unchecked Sendable`: `used` is touched only under `lock`.
final class BodyBudget: @unchecked Sendable {
    let limit: Int
    private let lock = NSLock()
    private var used = 0

    init(limit: Int) { self.limit = max(0, limit) }

    /// Takes `bytes` from the budget; false (nothing taken) when that would pass the limit.
    func take(_ bytes: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard used + bytes <= limit else { return false }
        used += bytes
        return true
    }

    func give(_ bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        used -= bytes
    }

    var inUse: Int {
        lock.lock()
        defer { lock.unlock() }
        return used
    }
}

/// One large request body, in an anonymous mapping of its declared length: a page becomes
/// resident only when bytes arrive in it, and the whole mapping goes back to the system when the
/// body is freed (`munmap`; memory freed to malloc may stay with the process). Every byte held
/// is taken from a `BodyBudget` before it is read.
/// `@unchecked Sendable` only to cross into the handler as `Data`: one thread fills it.
final class BodyBuffer: @unchecked Sendable {
    private let base: UnsafeMutableRawPointer
    let capacity: Int
    private(set) var count = 0
    private let budget: BodyBudget
    /// Whether `data()` handed the mapping on (it then unmaps it when freed).
    private var handedOn = false

    /// The bytes read at most per `recv` (and so taken from the budget ahead of it).
    static let step = 64 * 1024

    /// Nil when the mapping cannot be made.
    init?(capacity: Int, budget: BodyBudget) {
        guard capacity > 0 else { return nil }
        let mapped = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        base = mapped
        self.capacity = capacity
        self.budget = budget
    }

    deinit {
        if !handedOn {
            munmap(base, capacity)
            budget.give(count)
        }
    }

    enum Read { case received, ended, overBudget }

    /// Copies bytes already received (with the head); false when the budget refuses them.
    func append(_ bytes: ArraySlice<UInt8>) -> Bool {
        let n = min(bytes.count, capacity - count)
        guard n > 0 else { return true }
        guard budget.take(n) else { return false }
        bytes.prefix(n).withUnsafeBytes { (base + count).copyMemory(from: $0.baseAddress!, byteCount: n) }
        count += n
        return true
    }

    /// One `recv` from `fd` into the space left (at most `step`, taken from the budget first and
    /// the unused part given back).
    func receive(from fd: Int32) -> Read {
        let want = min(Self.step, capacity - count)
        guard want > 0 else { return .received }
        guard budget.take(want) else { return .overBudget }
        while true {
            let n = recv(fd, base + count, want, 0)
            if n < 0 && errno == EINTR { continue }
            budget.give(want - max(n, 0))
            guard n > 0 else { return .ended }
            count += n
            return .received
        }
    }

    /// The body as `Data` that owns the mapping: unmapped, and its bytes given back to the
    /// budget, when the last copy of it is freed. Once only.
    func data() -> Data {
        precondition(!handedOn, "a body is handed on once")
        handedOn = true
        let (capacity, count, budget) = (capacity, count, budget)
        return Data(
            bytesNoCopy: base, count: count,
            deallocator: .custom { pointer, _ in
                munmap(pointer, capacity)
                budget.give(count)
            })
    }
}
