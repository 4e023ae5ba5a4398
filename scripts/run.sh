#!/usr/bin/env bash
# Builds everything and runs the site at http://127.0.0.1:8080 (SQLite in ./data).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

require cargo "install Rust with rustup"
require npm "install Node.js 20 or newer"

install_web_packages
# The server first: the front-end build prerenders pages from its catalogue.
build_server
build_web

cd "$ROOT"
step "Applying database migrations"
./target/release/conference migrate
step "Starting the site on http://${BIND:-127.0.0.1}:${PORT:-8080} (Ctrl-C stops it)"
exec ./target/release/conference serve
