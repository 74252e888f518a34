#!/usr/bin/env bash
# `make demo`: a local trips-cloud seeded from Data/, two real-world edits on it (a postponement
# and a stadium rename), and a delta sync that fetches only those edits. The server is always
# stopped and the scratch folder removed, however the script ends.
set -euo pipefail

BIN=${1:-.build/release}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/trips-demo.XXXXXX")
SERVER_PID=""

cleanup() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
run() { printf '$ %s\n' "$*"; "$@"; }

step "Start trips-cloud on a free port, seeded from Data/"
"$BIN/trips-cloud" serve --port 0 --db "$WORK/cloud.sqlite" --data "$ROOT/Data" --quiet \
    >"$WORK/announce.json" 2>"$WORK/server.log" &
SERVER_PID=$!
for _ in $(seq 1 300); do
    [ -s "$WORK/announce.json" ] && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2; exit 1; }
    sleep 0.05
done
field() { sed -E "s/.*\"$1\":\"([^\"]*)\".*/\1/" "$WORK/announce.json"; }
URL=$(field url)
ADMIN=$(field adminToken)
echo "listening on $URL"

export TRIPS_HOME="$WORK/home" TRIPS_DATA="$ROOT/Data" NO_COLOR=1
export TRIPS_CLOUD_URL="$URL" TRIPS_CLOUD_CONTAINER="$(field container)" TRIPS_CLOUD_API_TOKEN="$(field apiToken)"
# The publisher's server-to-server key: made with openssl, its public half registered; the key id
# is the last line `key add` prints. Public writes are signed with it (the admin token only reads
# the checksum below).
openssl ecparam -name prime256v1 -genkey -noout -out "$WORK/publisher.pem"
openssl ec -in "$WORK/publisher.pem" -pubout -out "$WORK/publisher.pub.pem" 2>/dev/null
KEY_ID=$("$BIN/trips-cloud" key add publisher "$WORK/publisher.pub.pem" --db "$WORK/cloud.sqlite" | tail -n 1)
echo "publisher key $KEY_ID"
admin() { "$BIN/trips-cloud" admin "$@" --url "$URL" --key-id "$KEY_ID" --private-key "$WORK/publisher.pem"; }
GAMES=(games --sport nba --team HOU --home --from 2026-12-14 --to 2026-12-17)

step "A store bootstrapped from the same Data/ is already in sync: 0 changes (the overlap re-reads the newest records as unchanged)"
run "$BIN/trips" sync
run "$BIN/trips" "${GAMES[@]}"

step "Meanwhile in the real world: a postponement and a stadium rename"
run admin postpone game_nba_2026_1215_nyk_hou --to 2026-12-16T01:00:00Z
run admin rename-stadium stadium_toyota_center "Houston Arena"

step "Delta sync: exactly the edits are applied (the game, the stadium, an alias for its old name)"
run "$BIN/trips" sync
run "$BIN/trips" "${GAMES[@]}"
run "$BIN/trips" stadiums --sport nba --near "Houston" --within 5

step "Converged: the store's checksum equals the server's"
"$BIN/trips" debug checksum >"$WORK/local.txt"
TRIPS_CLOUD_ADMIN_TOKEN="$ADMIN" "$BIN/trips-cloud" checksum --url "$URL" >"$WORK/server.txt"
if diff "$WORK/local.txt" "$WORK/server.txt"; then
    echo "checksums equal ($(wc -l <"$WORK/local.txt") record types)"
else
    echo "checksums differ" >&2
    exit 1
fi
