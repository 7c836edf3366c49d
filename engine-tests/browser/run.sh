#!/usr/bin/env bash
# End-to-end test of `chimera gui` in headless Chromium (see docs/gui.md).
# Installs what it needs (Debian's chromium and a font with chess glyphs,
# playwright-core from npm at the version package-lock.json pins), builds the
# release binary unless CHIMERA_BIN names one, and runs board.test.mjs.
# Screenshots go to engine-tests/artifacts/browser/ (ARTIFACTS overrides);
# DOCS_IMAGES=1 also refreshes docs/images/<variant>.png.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ] || ! fc-list 2>/dev/null | grep -i dejavu >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  else
    echo "run.sh: needs Debian's chromium and fonts-dejavu-core (apt-get install chromium fonts-dejavu-core)" >&2
    exit 1
  fi
fi

cd "$here"
if [ ! -d node_modules/playwright-core ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi

if [ -z "${CHIMERA_BIN:-}" ]; then
  (cd "$root" && cargo build --release --quiet)
  export CHIMERA_BIN="$root/target/release/chimera"
fi

node board.test.mjs
