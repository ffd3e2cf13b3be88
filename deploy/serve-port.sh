#!/usr/bin/env bash
# The port a `glint serve --port 0` picked, from its log: waits up to 20 s for the 'listening on
# http://127.0.0.1:PORT' line the server writes on stderr when it is up, and prints PORT. Used by the scripts that
# start a server (deploy/test-deb.sh, deploy/test-static.sh, bench/serve-load.sh, docs/test-readme.sh).
#   deploy/serve-port.sh LOG [PID]    exits 1 (the log on stderr) when no such line comes, or when process PID ends first
set -euo pipefail
log="${1:?usage: serve-port.sh LOG [PID]}"
pid="${2:-}"
for _ in $(seq 200); do
    port="$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$log" 2>/dev/null | head -n 1 || true)"
    if [ -n "$port" ]; then echo "$port"; exit 0; fi
    if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then break; fi
    sleep 0.1
done
echo "glint serve did not start (no 'listening on' line in $log):" >&2
cat "$log" >&2 2>/dev/null || true
exit 1
