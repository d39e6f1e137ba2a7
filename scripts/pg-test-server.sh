#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL server for the tests of the PostgreSQL mode:
# Debian's postgresql package, a temporary data folder, a loopback port, trust auth.
#   scripts/pg-test-server.sh start   -> prints the DATABASE_URL on stdout
#   scripts/pg-test-server.sh stop
set -euo pipefail
STATE=${PG_TEST_STATE:-/tmp/grocery-pg-test}
PORT=${PG_TEST_PORT:-55432}

pgbin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$dir" ]; then
    echo "== installing Debian postgresql (needed by the PostgreSQL-mode tests)" >&2
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
    dir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  echo "$dir"
}

# PostgreSQL refuses to run as root: run it as the package's postgres user then.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    BIN=$(pgbin)
    "$0" stop >/dev/null 2>&1 || true
    rm -rf "$STATE"
    mkdir -p "$STATE"
    [ "$(id -u)" = 0 ] && chown postgres "$STATE"
    as_pg "$BIN/initdb" -D "$STATE/data" -U postgres -A trust --no-sync >"$STATE/initdb.log" 2>&1 \
      || { cat "$STATE/initdb.log" >&2; exit 1; }
    as_pg "$BIN/pg_ctl" -D "$STATE/data" -l "$STATE/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $PORT -k $STATE -c fsync=off -c full_page_writes=off -c synchronous_commit=off" \
      start >/dev/null || { cat "$STATE/server.log" >&2; exit 1; }
    as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres grocery_test
    echo "postgres://postgres@127.0.0.1:$PORT/grocery_test"
    ;;
  stop)
    BIN=$(pgbin)
    if [ -d "$STATE/data" ]; then
      as_pg "$BIN/pg_ctl" -D "$STATE/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$STATE"
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
