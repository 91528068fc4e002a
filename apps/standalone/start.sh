#!/bin/sh
# `pnpm start` from the repository root. Builds the web app when it changed (turbo's output shown
# only when the build fails, so a start stays quiet) and compiles the standalone when its source
# changed, then replaces this shell with the runner: nothing sits between pnpm and node to turn
# one Ctrl-C into a second signal or a failure.
cd "$(dirname "$0")/../.." || exit 1
if ! out=$(TURBO_TELEMETRY_DISABLED=1 turbo run build --filter=@jesus-walks/web --output-logs=errors-only --no-update-notifier 2>&1); then
  printf '%s\n' "$out" >&2
  exit 1
fi
cd apps/standalone || exit 1
node ../../packages/deployable-build/compile-deployable.mjs src/main.ts src/deployable-process.ts || exit 1
exec node --enable-source-maps dist/main.js
