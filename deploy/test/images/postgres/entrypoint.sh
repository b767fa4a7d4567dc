#!/bin/sh
# The official image's first start, in short: an empty PGDATA gets a cluster whose superuser
# POSTGRES_USER (postgres) has POSTGRES_PASSWORD, reached over the network with scram-sha-256, and the
# database POSTGRES_DB (POSTGRES_USER). Later starts find PG_VERSION there and start as they are.
set -eu
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?the postgres stand-in needs POSTGRES_PASSWORD, as the official image does}"
  user="${POSTGRES_USER:-postgres}"
  database="${POSTGRES_DB:-$user}"
  mkdir -p "$PGDATA"
  chmod 700 "$PGDATA"
  password_file=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  initdb --username="$user" --pwfile="$password_file" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" >/dev/null
  rm -f "$password_file"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  if [ "$database" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres -qc "create database \"$database\""
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "postgres stand-in: created $PGDATA with database $database"
fi
exec "$@"
