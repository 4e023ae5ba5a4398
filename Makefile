SHELL := /bin/bash

.PHONY: run test

# Build everything (packages, browser app, server, migrations) and run the site.
run:
	bash scripts/run.sh

# Run every test layer: checks, Rust on SQLite and PostgreSQL, Vitest, Playwright.
test:
	bash scripts/test.sh

