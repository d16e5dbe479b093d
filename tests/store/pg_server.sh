#!/usr/bin/env bash
# A throwaway PostgreSQL server for the store's `postgres` tests (Debian's postgresql 15,
# run as root: the server itself runs as the postgres user).
#   eval "$(bash tests/store/pg_server.sh start)"   # exports TOWERPLAY_TEST_PG
#   bash tests/store/pg_server.sh stop
set -euo pipefail
DIR=${PG_DIR:-/tmp/towerplay-pg}
PORT=${PG_PORT:-55433}
BIN=/usr/lib/postgresql/15/bin
case "${1:-}" in
  start)
    if [ ! -x "$BIN/initdb" ]; then
      apt-get update >&2 && apt-get install -y postgresql >&2
    fi
    mkdir -p "$DIR" && chown postgres "$DIR"
    if [ ! -d "$DIR/data" ]; then
      su postgres -c "$BIN/initdb -D $DIR/data -A trust -U postgres" >&2
    fi
    su postgres -c "$BIN/pg_ctl -D $DIR/data -o '-p $PORT -k $DIR -c listen_addresses=127.0.0.1' -l $DIR/log -w start" >&2
    echo "export TOWERPLAY_TEST_PG=postgresql://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    su postgres -c "$BIN/pg_ctl -D $DIR/data -m fast stop" >&2
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
