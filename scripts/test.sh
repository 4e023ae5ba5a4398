#!/usr/bin/env bash
# Runs every test layer and prints each layer's count:
#   checks (rustfmt, clippy, tsc, eslint, prettier), Rust tests on SQLite,
#   Rust tests on PostgreSQL, Vitest, Playwright against the release server, and
#   SIGKILL-and-restart runs of the release server on SQLite and PostgreSQL, and
#   schemathesis fuzzing the API from its published contract.
# In CI (CI=true) no layer may be skipped; elsewhere a missing PostgreSQL or
# Chromium skips its layer with a loud warning.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

IN_CI=false
[[ "${CI:-}" == "true" ]] && IN_CI=true
LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT
declare -a SUMMARY=()
FAILED_LAYERS=0
TOTAL_PASSED=0
TOTAL_FAILED=0
TOTAL_SKIPPED=0

plain() { sed -e 's/\x1b\[[0-9;]*[A-Za-z]//g' "$1"; }

# count LOG LINE_REGEX KIND: the number a runner's closing lines give for KIND (passed, failed, skipped).
count() {
  local n
  n=$(plain "$1" | grep -E "$2" | grep -oE "[0-9]+ $3" | tail -n 1 | grep -oE '^[0-9]+' || true)
  echo "${n:-0}"
}

# layer NAME SUMMARY_REGEX COMMAND...: runs one layer, keeps its log, records its counts.
layer() {
  local name="$1" summary_line="$2"
  shift 2
  local log="$LOGS/$(echo "$name" | tr -c 'a-zA-Z0-9' '_').log"
  step "$name"
  local status=0
  "$@" 2>&1 | tee "$log" || status=$?
  local passed failed skipped
  passed=$(count "$log" "$summary_line" passed)
  failed=$(count "$log" "$summary_line" failed)
  skipped=$(count "$log" "$summary_line" skipped)
  # nextest counts the tests its filter leaves to the other database's layer as skipped.
  [[ "${FILTERED_SKIPS:-}" == 1 ]] && skipped=0
  TOTAL_PASSED=$((TOTAL_PASSED + passed))
  TOTAL_FAILED=$((TOTAL_FAILED + failed))
  TOTAL_SKIPPED=$((TOTAL_SKIPPED + skipped))
  if [[ $status -ne 0 ]]; then
    FAILED_LAYERS=$((FAILED_LAYERS + 1))
    SUMMARY+=("FAILED  $name: $passed passed, $failed failed (exit $status)")
  elif [[ $passed -eq 0 ]]; then
    FAILED_LAYERS=$((FAILED_LAYERS + 1))
    SUMMARY+=("FAILED  $name: no test ran")
  else
    SUMMARY+=("ok      $name: $passed passed, $failed failed, $skipped skipped")
  fi
}

skip_layer() {
  if $IN_CI; then
    FAILED_LAYERS=$((FAILED_LAYERS + 1))
    SUMMARY+=("FAILED  $1: cannot run in CI: $2")
    warn "$1 cannot run: $2"
  else
    SUMMARY+=("SKIPPED $1: $2")
    warn "SKIPPING $1: $2"
  fi
}

run_checks() {
  (cd "$ROOT" && cargo fmt --all --check) &&
    (cd "$ROOT" && cargo clippy --all-targets --locked -- -D warnings) &&
    (cd "$ROOT/web" && npm run --silent typecheck && npm run --silent lint && npm run --silent format:check) &&
    echo "1 passed, 0 failed"
}

nextest() {
  if cargo nextest --version >/dev/null 2>&1; then
    (cd "$ROOT" && cargo nextest run --locked --no-fail-fast --failure-output final "$@")
  else
    fail "cargo-nextest is required: cargo install cargo-nextest --locked"
  fi
}

postgres_reachable() {
  command -v pg_isready >/dev/null 2>&1 || return 0
  pg_isready -q -d "$1"
}

ensure_chromium() {
  [[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]] && return 0
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    step "Installing Debian's chromium for the browser tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    return 0
  fi
  return 1
}

require cargo "install Rust with rustup"
require npm "install Node.js 20 or newer"
install_web_packages

layer "Checks (rustfmt, clippy, tsc, eslint, prettier)" '^1 passed' run_checks

FILTERED_SKIPS=1 layer "Rust tests on SQLite" 'tests run:' nextest -E 'not test(/::postgres$/)'

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if postgres_reachable "$TEST_DATABASE_URL"; then
  FILTERED_SKIPS=1 layer "Rust tests on PostgreSQL" 'tests run:' nextest -E 'test(/::postgres$/)'
else
  unset TEST_DATABASE_URL
  skip_layer "Rust tests on PostgreSQL" "no PostgreSQL answers at TEST_DATABASE_URL"
fi

layer "Front-end unit tests (Vitest)" '^ +Tests ' bash -c "cd '$ROOT/web' && npx vitest run"

if ensure_chromium; then
  build_server
  build_web
  layer "Browser end-to-end tests (Playwright, Chromium)" '^ +[0-9]+ (passed|failed|skipped)' \
    bash -c "cd '$ROOT/web' && npx playwright test"
else
  skip_layer "Browser end-to-end tests" "Chromium is missing (apt-get install chromium)"
fi

# Crash safety: what a buyer was told, the stock and the receipts must survive the server
# dying at any moment of a purchase.
build_server
layer "Crash restarts on SQLite (bench/crash-restarts.mjs)" '^[0-9]+ passed, [0-9]+ failed$' \
  node "$ROOT/bench/crash-restarts.mjs" --db sqlite
if [[ -n "${TEST_DATABASE_URL:-}" ]] && postgres_reachable "$TEST_DATABASE_URL"; then
  layer "Crash restarts on PostgreSQL (bench/crash-restarts.mjs)" '^[0-9]+ passed, [0-9]+ failed$' \
    node "$ROOT/bench/crash-restarts.mjs" --db postgres
else
  skip_layer "Crash restarts on PostgreSQL" "no PostgreSQL answers at TEST_DATABASE_URL"
fi

# The published contract, fuzzed: at least 2,000 generated requests against the release server,
# from a fixed seed so the same code always meets the same requests (bench/ explores new seeds).
if command -v python3 >/dev/null 2>&1; then
  layer "API fuzzing from /api/openapi.json (bench/fuzz-api.mjs)" '^[0-9]+ passed, [0-9]+ failed$' \
    node "$ROOT/bench/fuzz-api.mjs" --seed 20261124
else
  skip_layer "API fuzzing" "python3 is missing (schemathesis runs on it)"
fi

printf '\n\033[1mTest layers\033[0m\n'
printf '  %s\n' "${SUMMARY[@]}"
echo
echo "Total: $TOTAL_PASSED passed, $TOTAL_FAILED failed, $TOTAL_SKIPPED skipped"
[[ $FAILED_LAYERS -eq 0 ]]
