#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 on 127.0.0.1 for the server tests and prints its URL.
# Debian's packages: apt-get install -y postgresql. Run as root (CI) or as a user who can run initdb.
set -euo pipefail
# Below the ephemeral range (32768 and up), where a connection's own local port could take it at any moment.
port="${1:-25432}"
# The next free port from there, so a PostgreSQL already running here does not stop the tests.
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2
  exit 1
fi
data=$(mktemp -d /tmp/charter-pg.XXXXXX)
# As root, the server runs as the postgres user, from / (it may not enter the folder this was started in).
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "cd / && $*"; else sh -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$data"
run "$bin/initdb -D $data -A trust -U postgres --no-sync" >/dev/null
run "$bin/pg_ctl -D $data -l $data/server.log -o '-h 127.0.0.1 -p $port -k $data -c fsync=off' -w start" >/dev/null || {
  cat "$data/server.log" >&2
  exit 1
}
run "$bin/createdb -h 127.0.0.1 -p $port -U postgres charter_test"
echo "postgres://postgres@127.0.0.1:$port/charter_test"
