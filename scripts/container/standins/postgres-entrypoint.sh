#!/bin/sh
# First start: initdb with POSTGRES_USER as the superuser and its password, then POSTGRES_DB; every start:
# PostgreSQL in the foreground, listening on every address of the container, passwords required.
set -eu
mkdir -p "$PGDATA" /run/postgresql
chown postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s' "${POSTGRES_PASSWORD:?}" > /tmp/pwfile
  chown postgres /tmp/pwfile
  # UTF-8 as in the official image (its en_US.utf8); the minimal base has no locale, and initdb would
  # otherwise make SQL_ASCII databases, which mangle Arabic text.
  runuser -u postgres -- initdb --username="${POSTGRES_USER:-postgres}" --pwfile=/tmp/pwfile \
    --encoding=UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  runuser -u postgres -- pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  runuser -u postgres -- psql -q -U "${POSTGRES_USER:-postgres}" -d postgres \
    -c "CREATE DATABASE \"${POSTGRES_DB:-${POSTGRES_USER:-postgres}}\""
  runuser -u postgres -- pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec runuser -u postgres -- postgres -D "$PGDATA" -c listen_addresses='*'
