#!/usr/bin/env bash
# Sourced by scripts/test.sh: a throwaway PostgreSQL server for the annotation store's tests (issue 19),
# from Debian's packages, on a Unix socket in a temporary directory (no TCP port), stopped when the
# sourcing shell exits. Exports ROUGE_LENS_TEST_DATABASE_URL (a postgresql:// URL to an empty database).
# PostgreSQL's tools refuse to run as root: as root they run as the `postgres` user.
pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  fi
  pg_bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
fi
pg_dir="$(mktemp -d /tmp/rouge-lens-pg.XXXXXX)"
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$pg_dir"
  as_pg() { runuser -u postgres -- "$@"; }
  pg_user=postgres
else
  as_pg() { "$@"; }
  pg_user="$(id -un)"
fi
as_pg "$pg_bin/initdb" -D "$pg_dir/data" -A trust -U "$pg_user" -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w -t 60 \
  -o "-c listen_addresses='' -k $pg_dir -c fsync=off -c max_connections=50" start >/dev/null
stop_postgres() {
  as_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$pg_dir"
}
trap stop_postgres EXIT
as_pg "$pg_bin/createdb" -h "$pg_dir" -U "$pg_user" rouge_lens_test
export ROUGE_LENS_TEST_DATABASE_URL="postgresql://$pg_user@/rouge_lens_test?host=$pg_dir"
