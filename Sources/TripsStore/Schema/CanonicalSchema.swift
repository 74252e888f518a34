import SQLite

/// The store's schema as named, append-only migrations. Never edit a shipped migration:
/// add a new one at the end. Each migration's text is spelled out in full (no shared
/// fragments): `MigrationFreezeTests` holds the hash of every shipped one.
enum CanonicalSchema {
    static let migrations: [Migration] = [
        Migration(
            "001_canonical_tables",
            """
            CREATE TABLE sports (
                id TEXT PRIMARY KEY, sport_id TEXT NOT NULL, abbreviation TEXT NOT NULL,
                display_name TEXT NOT NULL, season_start_month INTEGER NOT NULL,
                season_end_month INTEGER NOT NULL, game_duration_minutes INTEGER NOT NULL,
                change_tag TEXT NOT NULL,
            modified_ms INTEGER NOT NULL,
            schema_version INTEGER NOT NULL,
            deprecated_at_ms INTEGER,
            deprecation_reason TEXT);
            CREATE TABLE league_structures (
                id TEXT PRIMARY KEY, sport TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
                abbreviation TEXT NOT NULL, parent_id TEXT, display_order INTEGER NOT NULL,
                change_tag TEXT NOT NULL,
            modified_ms INTEGER NOT NULL,
            schema_version INTEGER NOT NULL,
            deprecated_at_ms INTEGER,
            deprecation_reason TEXT);
            CREATE TABLE stadiums (
                id TEXT PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL, state TEXT NOT NULL,
                country TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL,
                time_zone TEXT NOT NULL, capacity INTEGER, year_opened INTEGER, sports TEXT NOT NULL,
                change_tag TEXT NOT NULL,
            modified_ms INTEGER NOT NULL,
            schema_version INTEGER NOT NULL,
            deprecated_at_ms INTEGER,
            deprecation_reason TEXT);
            CREATE TABLE teams (
                id TEXT PRIMARY KEY, sport TEXT NOT NULL, abbreviation TEXT NOT NULL, city TEXT NOT NULL,
                nickname TEXT NOT NULL, name TEXT NOT NULL, stadium_id TEXT, league_id TEXT,
                conference_id TEXT, division_id TEXT,
                change_tag TEXT NOT NULL,
            modified_ms INTEGER NOT NULL,
            schema_version INTEGER NOT NULL,
            deprecated_at_ms INTEGER,
            deprecation_reason TEXT);
            CREATE INDEX teams_sport ON teams (sport);
            CREATE TABLE team_aliases (
                id TEXT PRIMARY KEY, team_id TEXT NOT NULL, kind TEXT NOT NULL, value TEXT NOT NULL,
                valid_from_ms INTEGER, valid_until_ms INTEGER,
                change_tag TEXT NOT NULL,
            modified_ms INTEGER NOT NULL,
            schema_version INTEGER NOT NULL,
            deprecated_at_ms INTEGER,
            deprecation_reason TEXT);
            CREATE INDEX team_aliases_value ON team_aliases (value COLLATE NOCASE);
            CREATE TABLE stadium_aliases (
                id TEXT PRIMARY KEY, stadium_id TEXT NOT NULL, value TEXT NOT NULL,
                valid_from_ms INTEGER, valid_until_ms INTEGER,
                change_tag TEXT NOT NULL,
            modified_ms INTEGER NOT NULL,
            schema_version INTEGER NOT NULL,
            deprecated_at_ms INTEGER,
            deprecation_reason TEXT);
            CREATE INDEX stadium_aliases_value ON stadium_aliases (value COLLATE NOCASE);
            CREATE TABLE games (
                id TEXT PRIMARY KEY, sport TEXT NOT NULL, season TEXT NOT NULL, start_ms INTEGER NOT NULL,
                time_tbd INTEGER NOT NULL, home_team_id TEXT NOT NULL, away_team_id TEXT NOT NULL,
                stadium_id TEXT, game_number INTEGER NOT NULL, status TEXT NOT NULL,
                is_neutral_site INTEGER NOT NULL, season_type TEXT NOT NULL,
                change_tag TEXT NOT NULL,
            modified_ms INTEGER NOT NULL,
            schema_version INTEGER NOT NULL,
            deprecated_at_ms INTEGER,
            deprecation_reason TEXT);
            CREATE INDEX games_sport_start ON games (sport, start_ms);
            CREATE INDEX games_start ON games (start_ms);
            CREATE INDEX games_home_team ON games (home_team_id, start_ms);
            CREATE INDEX games_away_team ON games (away_team_id, start_ms);
            CREATE INDEX games_stadium ON games (stadium_id, start_ms);
            """),
        Migration(
            "002_sync_state",
            """
            CREATE TABLE sync_state (
                record_type TEXT PRIMARY KEY,
                watermark_ms INTEGER,
                last_attempt_ms INTEGER,
                last_success_ms INTEGER,
                consecutive_failures INTEGER NOT NULL DEFAULT 0,
                last_error TEXT,
                applied_total INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE sync_events (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                kind TEXT NOT NULL,
                state TEXT NOT NULL,
                started_ms INTEGER NOT NULL,
                ended_ms INTEGER,
                error TEXT,
                detail TEXT);
            CREATE INDEX sync_events_kind ON sync_events (kind, id);
            CREATE TABLE deferred_records (
                record_type TEXT NOT NULL,
                record_name TEXT NOT NULL,
                modified_ms INTEGER NOT NULL,
                schema_version INTEGER NOT NULL,
                PRIMARY KEY (record_type, record_name));
            CREATE TABLE store_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            """),
        Migration(
            "003_stadium_location_approximate",
            "ALTER TABLE stadiums ADD COLUMN location_approximate INTEGER NOT NULL DEFAULT 0;"),
        Migration("004_game_resumed_at", "ALTER TABLE games ADD COLUMN resumed_ms INTEGER;"),
        Migration(
            "005_sync_cloud_checks",
            """
            ALTER TABLE sync_state ADD COLUMN cloud_epoch TEXT;
            ALTER TABLE sync_state ADD COLUMN full_pass INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE sync_state ADD COLUMN cloud_only INTEGER NOT NULL DEFAULT 0;
            """),
        // A team's games of one season without reading its other seasons: `trips games --team
        // HOU --season 2026` reads as much in a store of ten seasons as in one of two.
        Migration(
            "006_games_team_season",
            """
            CREATE INDEX games_home_season ON games (home_team_id, season);
            CREATE INDEX games_away_season ON games (away_team_id, season);
            """),
        // User data (saved trips, favourite teams, visited venues): one row per record, one row
        // per field with the time it was last set (field-wise merge), a durable outbox and the
        // private zone's sync state. A deleted record stays as a tombstone until exported.
        Migration(
            "007_user_data",
            """
            CREATE TABLE user_records (
                name TEXT PRIMARY KEY, type TEXT NOT NULL, deleted_ms INTEGER,
                device TEXT NOT NULL, updated_ms INTEGER NOT NULL, change_tag TEXT);
            CREATE INDEX user_records_type ON user_records (type, name);
            CREATE TABLE user_fields (
                record TEXT NOT NULL, field TEXT NOT NULL, value TEXT NOT NULL, updated_ms INTEGER NOT NULL,
                PRIMARY KEY (record, field)) WITHOUT ROWID;
            CREATE TABLE user_outbox (name TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID;
            CREATE TABLE user_sync (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
            """),
        // The records the cloud no longer has (a reconcile clears their change tag), indexed
        // alone: the count check after every delta is then all rows (SQLite counts a table without
        // reading its rows) minus these few, not a scan of every row — 7 ms at 100k games.
        Migration(
            "008_records_gone_from_cloud",
            """
            CREATE INDEX sports_gone ON sports (id) WHERE change_tag = '';
            CREATE INDEX league_structures_gone ON league_structures (id) WHERE change_tag = '';
            CREATE INDEX stadiums_gone ON stadiums (id) WHERE change_tag = '';
            CREATE INDEX teams_gone ON teams (id) WHERE change_tag = '';
            CREATE INDEX team_aliases_gone ON team_aliases (id) WHERE change_tag = '';
            CREATE INDEX stadium_aliases_gone ON stadium_aliases (id) WHERE change_tag = '';
            CREATE INDEX games_gone ON games (id) WHERE change_tag = '';
            """),
        // One index per side instead of two: a team's games by season and then time answer both
        // `--season` and date ranges, and an import or sync writes two fewer index entries per game.
        Migration(
            "009_games_team_season_start",
            """
            DROP INDEX games_home_team;
            DROP INDEX games_away_team;
            DROP INDEX games_home_season;
            DROP INDEX games_away_season;
            CREATE INDEX games_home_team_season ON games (home_team_id, season, start_ms);
            CREATE INDEX games_away_team_season ON games (away_team_id, season, start_ms);
            """),
        // Schema 2: a game's result, and the league's own id the publisher maps to the record.
        Migration(
            "010_game_results_and_source",
            """
            ALTER TABLE games ADD COLUMN home_score INTEGER;
            ALTER TABLE games ADD COLUMN away_score INTEGER;
            ALTER TABLE games ADD COLUMN source_id TEXT;
            """),
        // A season's live games by type and time: the coverage count that `trips games --season`
        // makes on every run steps through this index alone, and its last start is one seek.
        Migration(
            "011_games_live_by_season",
            """
            CREATE INDEX games_live_season ON games (sport, season, season_type, start_ms)
                WHERE deprecated_at_ms IS NULL;
            """),
        // A venue no stadium record stands for keeps its name (a special-event park trips cannot place).
        Migration("012_game_venue_name", "ALTER TABLE games ADD COLUMN venue_name TEXT;"),
        // How a game was decided (regulation, overtime, shootout): NHL standings' OT losses.
        Migration("013_game_decided_in", "ALTER TABLE games ADD COLUMN decided_in TEXT;"),
    ]
}
