import CloudKitWeb
import Foundation
import RecordSchema

/// Why an admin edit was not made.
public enum AdminEditError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(String)
    case wrongType(recordName: String, expected: String, actual: String?)
    case refused(recordName: String, ItemError)
    case invalid(String)
    case unknownRecordType(String, suggestion: String?)
    case venueClash(gameID: String, other: String, minutesApart: Int)

    public var description: String {
        switch self {
        case .notFound(let name): return "no record \(name)"
        case .wrongType(let name, let expected, let actual):
            return "\(name) is a \(actual ?? "record without type"), not a \(expected)"
        case .refused(let name, let error):
            return "the server refused to save \(name): \(error.serverErrorCode.rawValue) \(error.reason ?? "")"
        case .invalid(let message): return message
        case .unknownRecordType(let type, let suggestion):
            let hint = suggestion.map { " — did you mean \($0)?" } ?? ""
            return
                "unknown record type \(type)\(hint) (one of \(RealWorldEdits.canonicalTypes.joined(separator: ", ")))"
        case .venueClash(let gameID, let other, let minutes):
            return "\(other) is at the same venue \(minutes) min from that time; moving \(gameID) there would put "
                + "two games within 3 hours in one venue (use --force if that is really so)"
        }
    }
}

/// What `add-games` did.
public struct AddGamesReport: Sendable, Hashable {
    public var added: [String] = []
    public var existing: [String] = []
    public var failed: [String: String] = [:]
}

/// Edits that simulate the real world changing the canonical data (a postponed game, a renamed
/// stadium, a cancelled fixture, a new batch of games), applied through the normal write path
/// so they get server timestamps and change tags like any other write.
public struct RealWorldEdits: Sendable {
    let records: any PublicRecordAccess
    let now: @Sendable () -> Date

    public init(records: any PublicRecordAccess, now: @escaping @Sendable () -> Date = { Date() }) {
        self.records = records
        self.now = now
    }

    /// The canonical record types (DESIGN §3) these edits know; anything else is a typo.
    public static let canonicalTypes = [
        SportFields.recordType, LeagueStructureFields.recordType, StadiumFields.recordType, TeamFields.recordType,
        TeamAliasFields.recordType, StadiumAliasFields.recordType, GameFields.recordType,
    ]

    /// Two games closer than this in one venue cannot both be real (a doubleheader's second
    /// game starts later than that), so `postpone` refuses it unless forced.
    public static let venueClashWindow: TimeInterval = 3 * 3600

    /// Moves a game to a new start time. The game keeps (or gets back) status `scheduled`: a
    /// postponed game that has a new date is, for a fan, simply scheduled then. Final and
    /// cancelled games are refused, and so is a time within 3 hours of another live game in the
    /// same venue unless `force`.
    @discardableResult
    public func postpone(gameID: String, to start: Date, force: Bool = false) async throws -> Record {
        if !force { try await refuseVenueClash(gameID: gameID, at: start) }
        return try await edit(gameID, type: GameFields.recordType) { fields in
            let status = fields[GameFields.status.name]?.stringValue ?? "scheduled"
            guard status == "scheduled" || status == "postponed" else {
                throw AdminEditError.invalid("\(gameID) is \(status); only scheduled or postponed games can move")
            }
            if !force, let season = fields[GameFields.season.name]?.stringValue,
                let window = Self.window(of: season), !window.contains(start)
            {
                let iso = ISO8601DateFormatter()
                let last = window.upperBound.addingTimeInterval(-1)
                throw AdminEditError.invalid(
                    "\(gameID) is a \(season) game; \(iso.string(from: start)) is outside that season "
                        + "(\(iso.string(from: window.lowerBound).prefix(10)) to \(iso.string(from: last).prefix(10))); "
                        + "--force moves it anyway")
            }
            return [
                GameFields.startTime.name: .timestamp(Int64((start.timeIntervalSince1970 * 1000).rounded())),
                GameFields.status.name: .string("scheduled"),
            ]
        }
    }

    /// The days a game of `season` may be played on: "2026" from Jan 1 2026 to Mar 31 2027 (the
    /// NFL's 2026 season ends in February), "2026-27" from Jul 1 2026 to Aug 31 2027 (the end is
    /// the first instant after). Nil for a season name of another form (no check).
    static func window(of season: String) -> Range<Date>? {
        guard let first = Int(season.prefix(4)), (1900...2200).contains(first) else { return nil }
        let split = season.count == 7 && season.dropFirst(4).first == "-"
        guard season.count == 4 || split else { return nil }
        let iso = ISO8601DateFormatter()
        let calendar = { (y: Int, m: Int, d: Int) -> Date? in
            iso.date(from: String(format: "%04d-%02d-%02dT00:00:00Z", y, m, d))
        }
        guard let from = split ? calendar(first, 7, 1) : calendar(first, 1, 1),
            let to = split ? calendar(first + 1, 9, 1) : calendar(first + 1, 4, 1)
        else { return nil }
        return from..<to
    }

    /// Renames a stadium and records the old name as a `StadiumAlias` (`sa_<slug of old name>`)
    /// valid until now, so user input and history with the old name still resolve.
    @discardableResult
    public func renameStadium(stadiumID: String, to newName: String) async throws -> (stadium: Record, alias: Record) {
        let trimmed = newName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw AdminEditError.invalid("the new name is empty") }
        var oldName = ""
        let stadium = try await edit(stadiumID, type: StadiumFields.recordType) { fields in
            oldName = fields[StadiumFields.name.name]?.stringValue ?? ""
            guard oldName != trimmed else { throw AdminEditError.invalid("\(stadiumID) is already called \(trimmed)") }
            return [StadiumFields.name.name: .string(trimmed)]
        }
        let alias = Record(
            recordName: "sa_" + Slug.make(oldName), recordType: StadiumAliasFields.recordType,
            fields: [
                StadiumAliasFields.stadiumId.name: .string(stadiumID), StadiumAliasFields.value.name: .string(oldName),
                StadiumAliasFields.validUntil.name: .timestamp(nowMs), CommonFields.schemaVersion.name: .int64(1),
            ])
        let saved = try await save([RecordOperation(.forceReplace, alias)])
        return (stadium, saved[0])
    }

    /// Soft-deletes a game: sets `deprecatedAt` (clients keep the row but hide it).
    @discardableResult
    public func deprecate(gameID: String, reason: String? = nil) async throws -> Record {
        try await edit(gameID, type: GameFields.recordType) { _ in
            var changes: [String: FieldValue] = [CommonFields.deprecatedAt.name: .timestamp(nowMs)]
            if let reason { changes[CommonFields.deprecationReason.name] = .string(reason) }
            return changes
        }
    }

    /// Re-saves the first `count` records of a type (by name) unchanged, so their timestamps
    /// and change tags move: a cheap way to make a delta for sync to find. Answers how many.
    /// A type that is not canonical is refused (a typo would otherwise "touch 0" and succeed).
    public func touch(recordType: String, count: Int) async throws -> Int {
        guard Self.canonicalTypes.contains(recordType) else {
            let suggestion = Self.canonicalTypes.first { $0.lowercased() == recordType.lowercased() }
            throw AdminEditError.unknownRecordType(recordType, suggestion: suggestion)
        }
        guard count > 0 else { return 0 }
        let found = try await records.records(ofType: recordType, limit: count)
        var touched = 0
        for start in stride(from: 0, to: min(count, found.count), by: ProtocolLimits.operationsPerRequest) {
            let batch = found[start..<min(start + ProtocolLimits.operationsPerRequest, min(count, found.count))]
            let results = try await records.modify(batch.map { RecordOperation(.update, $0) })
            touched += results.filter { $0.value != nil }.count
        }
        return touched
    }

    /// Creates Game records (server fields stripped); existing names are reported, not changed.
    public func addGames(_ games: [Record]) async throws -> AddGamesReport {
        var report = AddGamesReport()
        for game in games where game.recordType != nil && game.recordType != GameFields.recordType {
            throw AdminEditError.wrongType(
                recordName: game.recordName, expected: GameFields.recordType, actual: game.recordType)
        }
        for start in stride(from: 0, to: games.count, by: ProtocolLimits.operationsPerRequest) {
            let batch = games[start..<min(start + ProtocolLimits.operationsPerRequest, games.count)].map {
                RecordOperation(
                    .create, Record(recordName: $0.recordName, recordType: GameFields.recordType, fields: $0.fields))
            }
            for (operation, result) in zip(batch, try await records.modify(batch)) {
                switch result {
                case .success: report.added.append(operation.record.recordName)
                case .failure(let error) where error.serverErrorCode == .exists:
                    report.existing.append(operation.record.recordName)
                case .failure(let error):
                    report.failed[operation.record.recordName] =
                        "\(error.serverErrorCode.rawValue) \(error.reason ?? "")"
                }
            }
        }
        return report
    }

    // MARK: Helpers

    /// Throws `venueClash` when another live game of the game's venue starts within the window
    /// of `start`. Cancelled, postponed and deprecated games do not occupy the venue.
    private func refuseVenueClash(gameID: String, at start: Date) async throws {
        guard let game = try await records.lookup([gameID]).first?.value else { throw AdminEditError.notFound(gameID) }
        guard game.recordType == GameFields.recordType else {
            throw AdminEditError.wrongType(recordName: gameID, expected: GameFields.recordType, actual: game.recordType)
        }
        guard let stadium = game[GameFields.stadiumId.name]?.stringValue else { return }
        let startMs = Int64((start.timeIntervalSince1970 * 1000).rounded())
        let windowMs = Int64(Self.venueClashWindow * 1000)
        let query = Query(
            recordType: GameFields.recordType,
            filterBy: [
                QueryFilter(.field(GameFields.stadiumId.name), .equals, .string(stadium)),
                QueryFilter(.field(GameFields.startTime.name), .greaterThan, .timestamp(startMs - windowMs)),
                QueryFilter(.field(GameFields.startTime.name), .lessThan, .timestamp(startMs + windowMs)),
            ])
        var marker: String?
        repeat {
            let page = try await records.query(query, continuationMarker: marker)
            for other in page.records where other.recordName != gameID && other[CommonFields.deprecatedAt.name] == nil {
                let status = other[GameFields.status.name]?.stringValue ?? "scheduled"
                guard status != "cancelled", status != "postponed",
                    let otherMs = other[GameFields.startTime.name]?.int64Value
                else { continue }
                throw AdminEditError.venueClash(
                    gameID: gameID, other: other.recordName, minutesApart: Int(abs(otherMs - startMs) / 60_000))
            }
            marker = page.continuationMarker
        } while marker != nil
    }

    private var nowMs: Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded()) }

    /// Looks a record up, lets `change` compute the fields to set, and saves them with the
    /// record's change tag; a concurrent change (CONFLICT) is retried on the fresh record.
    private func edit(
        _ name: String, type: String, change: ([String: FieldValue]) throws -> [String: FieldValue]
    ) async throws -> Record {
        for _ in 0..<5 {
            guard let current = try await records.lookup([name]).first?.value else {
                throw AdminEditError.notFound(name)
            }
            guard current.recordType == type else {
                throw AdminEditError.wrongType(recordName: name, expected: type, actual: current.recordType)
            }
            let update = Record(
                recordName: name, recordType: type, recordChangeTag: current.recordChangeTag,
                fields: try change(current.fields))
            switch try await records.modify([RecordOperation(.update, update)]).first {
            case .success(let saved)?: return saved
            case .failure(let error)? where error.serverErrorCode == .conflict: continue
            case .failure(let error)?: throw AdminEditError.refused(recordName: name, error)
            case nil: throw AdminEditError.invalid("the server answered no result for \(name)")
            }
        }
        throw AdminEditError.invalid("\(name) kept changing on the server; try again")
    }

    private func save(_ operations: [RecordOperation]) async throws -> [Record] {
        try await records.modify(operations).enumerated().map { i, result in
            switch result {
            case .success(let record): return record
            case .failure(let error): throw AdminEditError.refused(recordName: operations[i].record.recordName, error)
            }
        }
    }
}

/// Record-name slugs: lowercase ASCII letters and digits joined by single underscores
/// ("Minute Maid Park" → `minute_maid_park`, "Estadio Beisbol Monterrey" → `estadio_beisbol_monterrey`).
public enum Slug {
    public static func make(_ text: String) -> String {
        let folded = text.folding(
            options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX")
        )
        .lowercased()
        var out = ""
        var pendingSeparator = false
        for scalar in folded.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingSeparator && !out.isEmpty { out += "_" }
                out.unicodeScalars.append(scalar)
                pendingSeparator = false
            } else if scalar != "'" && scalar != "’" {
                pendingSeparator = true
            }
        }
        return out.isEmpty ? "unnamed" : out
    }
}
