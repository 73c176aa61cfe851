#!/usr/bin/env bash
# Build into .e2e-builds/<name> and run Playwright specs against that build, so that several people
# (or agents) working in one tree do not overwrite each other's dist folders.
# Usage: scripts/e2e-local.sh <name> [playwright args, e.g. e2e/cart.spec.ts --project desktop]
set -euo pipefail
cd "$(dirname "$0")/.."
name="$1"; shift
out="$PWD/.e2e-builds/$name"
rm -rf "$out"
(cd apps/web && npx vite build --outDir "$out/web" --emptyOutDir >/dev/null)
(cd apps/web && npx vite build --ssr src/entry-server.tsx --outDir "$out/web-ssr" --emptyOutDir >/dev/null)
(cd apps/server && node build.mjs "$out/server" >/dev/null)
E2E_BUILD_DIR="$out" npx playwright test -c e2e/playwright.config.ts "$@"
