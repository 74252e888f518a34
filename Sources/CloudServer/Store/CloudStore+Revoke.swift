extension CloudStore {
    /// Invalidates every web auth token of user `name` (a lost laptop, a departed user); the
    /// user and their records stay, and `user add` issues a new token. Answers how many tokens
    /// were revoked, or nil when there is no such user.
    public func revokeTokens(ofUser name: String) throws -> Int? {
        try db.transaction {
            guard let id = try db.row("SELECT id FROM users WHERE name = ?", [.text(name)], { $0.int64(0) }) else {
                return nil
            }
            let count = try db.row("SELECT count(*) FROM user_tokens WHERE user_id = ?", [.int(id)]) { $0.int(0) } ?? 0
            try db.run("DELETE FROM user_tokens WHERE user_id = ?", [.int(id)])
            return count
        }
    }
}
