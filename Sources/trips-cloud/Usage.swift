let usage = """
    usage: trips-cloud COMMAND …

      serve [--port 0] [--host 127.0.0.1] [--db PATH] [--data DIR | --no-data] [--container NAME]
            [--api-token T] [--admin-token T] [--page-limit N] [--max-body-bytes N] [--quiet]
            [--error-rate R --error-code CODE] [--retry-after S] [--throttle-every N] [--latency-ms MS]
            [--truncate-rate R] [--drop-rate R] [--clock-offset-ms MS] [--index-lag-ms MS]
            [--fault-operations OP,OP] [--fault-seed N] [--faults JSON] [--exit-with-stdin]
          Serve the CloudKit Web Services API. Prints one JSON line (url, container, tokens) on stdout
          once it accepts connections; logs one line per request on stderr. A new database is seeded
          from Data/ keeping the bundle's timestamps and change tags. Without --db it lives in memory.

      user add NAME --db PATH
          Print the web auth token of user NAME (created on first use) for the private database.

      admin postpone GAME_ID --to ISO8601 [--force]  move a game (it stays/becomes "scheduled"); refused
                                                   within 3 h of another game in its venue unless --force
      admin rename-stadium STADIUM_ID "New Name"   rename; the old name becomes a StadiumAlias
      admin deprecate GAME_ID [--reason TEXT]      soft-delete a game (sets deprecatedAt)
      admin touch TYPE N                           re-save N records of a canonical TYPE (Game, Team, …)
      admin add-games FILE                         create the Game records of a {"records":[…]} file
          Each against --db PATH, or a running server: --url URL --admin-token T [--container NAME].

      checksum (--db PATH | --url URL --admin-token T)
          Print the convergence checksum of the live public records: TYPE COUNT SHA256 per type.

    """
