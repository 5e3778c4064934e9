#!/usr/bin/env bash
# npm test: everything CI runs, in order.
#   1. system packages the tests need (Debian chromium, fonts-noto-cjk, PostgreSQL 15)
#   2. the console build (built when missing or older than its sources)
#   3. type check (tsc) and lint (eslint, prettier --check), run beside the build
#   4. jest: api and components, the api tests against a PostgreSQL 15 server started for the run
#      (an external database through DATABASE_URL, as a deployment on Debian's PostgreSQL has it)
#   5. jest: e2e in Chromium, each file's server on its own embedded PostgreSQL 17
# Every step runs even when an earlier one failed; the last line is "N passed, N failed"
# (tests over all jest runs) and the exit status is non-zero when anything failed.
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$(mktemp -d "${TMPDIR:-/tmp}/console-test.XXXXXX")
PGBIN=/usr/lib/postgresql/15/bin
JEST_ARGS=(--ci --maxWorkers=2)
failed_steps=()
jest_results=()   # "name|exit-code|json-file"
t_start=$(date +%s)

# each step's name and start (seconds since the start): the summary prints the time per stage
stage_names=()
stage_starts=()
step() {
  stage_names+=("$1")
  stage_starts+=("$(( $(date +%s) - t_start ))")
  printf '\n== %s\n' "$*"
}
fail() { failed_steps+=("$1"); printf '!! %s failed\n' "$1"; }
elapsed() { echo "$(( $(date +%s) - t_start )) s"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }

EXT_PGDATA=""
EXT_PGUSER=""
cleanup() {
  if [ -n "$EXT_PGDATA" ] && [ -f "$EXT_PGDATA/postmaster.pid" ]; then
    run_pg "$PGBIN/pg_ctl" -D "$EXT_PGDATA" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'echo "interrupted"; exit 130' INT TERM

# PostgreSQL refuses to run as root: its commands run as an unprivileged user then
run_pg() {
  if [ -n "$EXT_PGUSER" ]; then runuser -u "$EXT_PGUSER" -- "$@"; else "$@"; fi
}

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

# ---------------------------------------------------------------------------------------------
step "system packages"
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
installed fonts-noto-cjk || missing+=(fonts-noto-cjk)
[ -x "$PGBIN/initdb" ] || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing with apt-get: ${missing[*]} (apt-get update first)"
  if as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
     as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$WORK/apt.log" 2>&1; then
    echo "installed: ${missing[*]}"
  else
    tail -n 20 "$WORK/apt.log" 2>/dev/null
    fail "apt-get install ${missing[*]}"
  fi
else
  echo "chromium, fonts-noto-cjk and PostgreSQL 15 are installed"
fi

# ---------------------------------------------------------------------------------------------
# the build leaves a third of the two cores idle (one webpack thread most of the time): the type
# check and the lint run beside it, and print what they found after it
step "console build, with the type check (tsc --noEmit) and the lint (eslint, prettier) beside it ($(elapsed))"
(npx tsc --noEmit -p . >"$WORK/tsc.log" 2>&1; echo $? >"$WORK/tsc.rc") &
tsc_pid=$!
(npx eslint --ext .ts,.tsx,.js,.jsx,.mjs,.cjs . >"$WORK/eslint.log" 2>&1 && npx prettier --check . >>"$WORK/eslint.log" 2>&1; echo $? >"$WORK/eslint.rc") &
eslint_pid=$!
node scripts/console-build.mjs || fail "console build"
wait "$tsc_pid" "$eslint_pid"
printf -- '-- type check: tsc --noEmit\n'
cat "$WORK/tsc.log"
[ "$(cat "$WORK/tsc.rc" 2>/dev/null)" = 0 ] && echo "no type errors" || fail "type check"
printf -- '-- lint: eslint, and prettier --check (npm run format writes what it wants)\n'
cat "$WORK/eslint.log"
[ "$(cat "$WORK/eslint.rc" 2>/dev/null)" = 0 ] && echo "lint clean" || fail "lint"

# ---------------------------------------------------------------------------------------------
run_jest() { # name json-file [jest args...]
  local name=$1 json=$2
  shift 2
  npx jest "${JEST_ARGS[@]}" --json --outputFile="$json" "$@"
  local rc=$?
  jest_results+=("$name|$rc|$json")
  [ $rc -eq 0 ] || fail "$name"
}

start_external_pg() {
  [ -x "$PGBIN/initdb" ] || { echo "no $PGBIN/initdb"; return 1; }
  local dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/console-extpg.XXXXXX") || return 1
  if [ "$(id -u)" -eq 0 ]; then
    EXT_PGUSER=postgres
    id -u "$EXT_PGUSER" >/dev/null 2>&1 || useradd --system --user-group --no-create-home "$EXT_PGUSER" || return 1
    chown "$EXT_PGUSER:" "$dir" || return 1
  fi
  EXT_PGDATA="$dir/data"
  local password port
  password=$(node -e 'process.stdout.write(require("crypto").randomBytes(12).toString("hex"))')
  port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})')
  printf '%s\n' "$password" >"$dir/pw" && chmod 600 "$dir/pw" && { [ -z "$EXT_PGUSER" ] || chown "$EXT_PGUSER:" "$dir/pw"; }
  run_pg "$PGBIN/initdb" -D "$EXT_PGDATA" -U postgres --pwfile="$dir/pw" --auth=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log"; return 1; }
  rm -f "$dir/pw"
  # durability is not under test: fsync off keeps the many CREATE DATABASEs quick
  run_pg "$PGBIN/pg_ctl" -D "$EXT_PGDATA" -l "$dir/server.log" -w -t 30 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null ||
    { cat "$dir/server.log"; return 1; }
  PGPASSWORD=$password "$PGBIN/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c 'CREATE DATABASE console_test' || return 1
  EXT_DATABASE_URL="postgres://postgres:$password@127.0.0.1:$port/console_test"
  echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (data in $EXT_PGDATA)"
}
# the api tests run once, on Debian's PostgreSQL 15 (the oldest the server supports); PostgreSQL 17,
# the embedded one npm start runs, serves every e2e file's server and the npm start test
step "jest: api and components, the api tests on PostgreSQL 15 started for this run ($(elapsed))"
if start_external_pg; then
  DATABASE_URL=$EXT_DATABASE_URL run_jest "jest (api, components)" "$WORK/jest-unit.json" --selectProjects api components
  run_pg "$PGBIN/pg_ctl" -D "$EXT_PGDATA" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$(dirname "$EXT_PGDATA")"
  EXT_PGDATA=""
else
  fail "starting PostgreSQL 15"
  DATABASE_URL="" run_jest "jest (components)" "$WORK/jest-unit.json" --selectProjects components
  jest_results+=("jest (api, PostgreSQL 15)|1|$WORK/none.json")
fi

# the browser tests on their own: their 15 s waits are for pages, not for CPU taken by the
# api files (the fuzz test, server starts) running beside them on 2 cores
step "jest: e2e in Chromium ($(elapsed))"
DATABASE_URL="" run_jest "jest (e2e)" "$WORK/jest-e2e.json" --selectProjects e2e

# ---------------------------------------------------------------------------------------------
# ---------------------------------------------------------------------------------------------
step "summary ($(elapsed))"
for i in "${!stage_names[@]}"; do
  [ "$i" -lt $(( ${#stage_names[@]} - 1 )) ] || break
  printf '%5d s  %s\n' "$(( stage_starts[i + 1] - stage_starts[i] ))" "${stage_names[i]% (*}"
done
printf '%5d s  in all\n' "$(( $(date +%s) - t_start ))"
[ ${#failed_steps[@]} -eq 0 ] || printf 'failed: %s\n' "${failed_steps[@]}"
summary=$(node - "${jest_results[@]}" <<'EOF'
const fs = require('fs');
let passed = 0, failed = 0;
for (const entry of process.argv.slice(2)) {
  const [name, rc, file] = entry.split('|');
  let r;
  try { r = JSON.parse(fs.readFileSync(file, 'utf8')); } catch { r = null; }
  if (!r) {
    // jest did not get to run the tests (global set-up failed, crash): one failure
    console.error(`${name}: no results (exit code ${rc})`);
    failed += 1;
    continue;
  }
  // a test file that cannot run (syntax error, failing import) counts as a failure too
  const broken = r.numRuntimeErrorTestSuites || 0;
  console.error(`${name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed` + (broken ? `, ${broken} test files could not run` : ''));
  passed += r.numPassedTests;
  failed += r.numFailedTests + broken;
  if (Number(rc) !== 0 && r.numFailedTests + broken === 0) failed += 1; // failed for another reason
}
console.log(`${passed} passed, ${failed} failed`);
EOF
)
echo "$summary"
[ ${#failed_steps[@]} -eq 0 ] || exit 1
case "$summary" in *" 0 failed") exit 0 ;; *) exit 1 ;; esac
