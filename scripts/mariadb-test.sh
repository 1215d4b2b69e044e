#!/usr/bin/env bash
# Starts a throwaway MariaDB (no systemd, no root password, data in a temp folder), runs a command with
# TEST_MYSQL_URL pointing at it, then stops it and removes the folder, whatever the command's outcome.
#
#   scripts/mariadb-test.sh                      # npm run test:mysql (the api suite on MariaDB)
#   scripts/mariadb-test.sh npx vitest run api/src/faults.test.ts
#
# Needs mariadb-server and mariadb-client (Debian: apt-get install mariadb-server mariadb-client).
# MARIADB_PORT picks the port (default 3307, or any free port when that one is taken).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/sbin:/usr/local/sbin"

for tool in mariadbd mariadb-install-db mariadb mariadb-admin; do
  if ! command -v "$tool" >/dev/null; then
    echo "mariadb-test: $tool not found. Install it: apt-get install mariadb-server mariadb-client" >&2
    exit 1
  fi
done

# The test user may create and drop only the per-test-file databases dond_test_<random>.
TEST_USER=dond_test
TEST_PASS=dond_test
port="${MARIADB_PORT:-3307}"
port_is_free() {
  node -e "const s=require('net').createServer();s.once('error',()=>process.exit(1));s.listen(+process.argv[1],'127.0.0.1',()=>s.close())" "$1"
}
if ! port_is_free "$port"; then
  port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/dond-mariadb.XXXXXX")
socket="$dir/run/mysqld.sock"
os_user=$(id -un)
mkdir -p "$dir/data" "$dir/run"
stop() {
  local status=$?
  if [ -S "$socket" ]; then
    mariadb-admin --no-defaults --socket="$socket" -u"$os_user" shutdown >/dev/null 2>&1 || true
  fi
  if [ -f "$dir/run/mariadbd.pid" ]; then
    kill "$(cat "$dir/run/mariadbd.pid")" 2>/dev/null || true
  fi
  wait 2>/dev/null || true
  rm -rf "$dir"
  exit "$status"
}
trap stop EXIT
trap 'exit 130' INT TERM

started=$(date +%s%N)
# Socket authentication: the OS user who runs this script is the database's superuser, with no password.
mariadb-install-db --no-defaults --user="$os_user" --datadir="$dir/data" \
  --auth-root-authentication-method=socket --skip-test-db >"$dir/install.log" 2>&1 ||
  { cat "$dir/install.log" >&2; exit 1; }
mariadbd --no-defaults --user="$os_user" --datadir="$dir/data" --socket="$socket" \
  --pid-file="$dir/run/mariadbd.pid" --port="$port" --bind-address=127.0.0.1 --skip-name-resolve \
  --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
  --log-error="$dir/error.log" &
for _ in $(seq 1 300); do
  mariadb-admin --no-defaults --socket="$socket" -u"$os_user" ping >/dev/null 2>&1 && break
  if ! kill -0 $! 2>/dev/null; then
    echo "mariadb-test: mariadbd stopped while starting:" >&2
    cat "$dir/error.log" >&2
    exit 1
  fi
  sleep 0.1
done
mariadb --no-defaults --socket="$socket" -u"$os_user" -e "
  CREATE USER '$TEST_USER'@'127.0.0.1' IDENTIFIED BY '$TEST_PASS';
  GRANT ALL ON \`dond\\_test\\_%\`.* TO '$TEST_USER'@'127.0.0.1';"
echo "mariadb-test: MariaDB $(mariadb --no-defaults --socket="$socket" -u"$os_user" -N -e 'SELECT VERSION()') on 127.0.0.1:$port, ready in $((($(date +%s%N) - started) / 1000000)) ms"

export TEST_MYSQL_URL="mysql://$TEST_USER:$TEST_PASS@127.0.0.1:$port/"
# The fuzz test's 10,000 requests run on SQLite in npm test; here 2,000 reach every route on MariaDB's path
# (86 s of CI's two cores became about 20). FUZZ_RUNS=10000 asks for the full run.
export FUZZ_RUNS="${FUZZ_RUNS:-2000}"
if [ $# -eq 0 ]; then set -- npm run test:mysql; fi
"$@"
