# Shared by scripts/run.sh and scripts/test.sh.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT

step() { printf '\n\033[1;36m==> %s\033[0m\n' "$*"; }
warn() { printf '\n\033[1;33m!!! %s\033[0m\n' "$*" >&2; }
fail() { printf '\n\033[1;31mxxx %s\033[0m\n' "$*" >&2; exit 1; }

require() {
  command -v "$1" >/dev/null 2>&1 || fail "$1 is required: $2"
}

# Installs the web app's packages exactly as the lockfile says, when they changed.
install_web_packages() {
  local stamp="$ROOT/web/node_modules/.package-lock.json"
  if [[ ! -f "$stamp" || "$ROOT/web/package-lock.json" -nt "$stamp" ]]; then
    step "Installing the web app's packages from package-lock.json"
    (cd "$ROOT/web" && npm ci --no-audit --no-fund)
  fi
}

# Needs the release server: the build prerenders the public pages from `conference catalogue`.
build_web() {
  step "Building the browser app (web/dist), its prerendered pages and compressed copies"
  (cd "$ROOT/web" && npm run build)
}

build_server() {
  step "Building the server (release)"
  (cd "$ROOT" && cargo build --release --locked)
}
