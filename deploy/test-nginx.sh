#!/usr/bin/env bash
# deploy/nginx.conf exercised on loopback: two `glint serve` instances behind Debian's nginx, free ports, a
# temporary folder. Sends renders through nginx, kills one instance (SIGKILL) in the middle of them, and fails
# unless every request got 200. Everything it starts is stopped at the end, also on failure.
#   deploy/test-nginx.sh [GLINT_BINARY]      (default .build/release/glint)
set -euo pipefail
cd "$(dirname "$0")/.."
glint="${1:-.build/release/glint}"
work="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; { wait "$pid"; } 2>/dev/null || true; done
    [ -f "$work/nginx.pid" ] && kill -QUIT "$(cat "$work/nginx.pid")" 2>/dev/null || true
    sleep 0.2
    rm -rf "$work"
}
trap cleanup EXIT

# Free ports below the kernel's ephemeral range: a port the kernel hands out (bind to 0) may be given again to an
# outgoing connection (a health check's curl) before nginx binds it; ports below the range never are.
free_ports() {
    python3 - "$@" <<'PY'
import random, socket
low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
chosen = []
while len(chosen) < 3:
    port = random.randrange(10000, low)
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            continue
    if port not in chosen:
        chosen.append(port)
print(*chosen)
PY
}
read -r front a b < <(free_ports)

# Two instances, as the systemd unit starts them.
for port in "$a" "$b"; do
    "$glint" serve --port "$port" --workers 1 --backend cpu --drain 0 --quiet 2>"$work/glint-$port.log" &
    pids+=($!)
done
for port in "$a" "$b"; do
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
done

# The repository's nginx.conf with the test's ports, inside a minimal main configuration of its own.
sed -e "s/127.0.0.1:8080/127.0.0.1:$front/; s/127.0.0.1:8081/127.0.0.1:$a/; s/127.0.0.1:8082/127.0.0.1:$b/" deploy/nginx.conf >"$work/glint.conf"
mkdir -p "$work/tmp"
cat >"$work/nginx-main.conf" <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 256; }
http {
    access_log $work/access.log;
    client_body_temp_path $work/tmp/body;
    proxy_temp_path $work/tmp/proxy;
    fastcgi_temp_path $work/tmp/fastcgi;
    uwsgi_temp_path $work/tmp/uwsgi;
    scgi_temp_path $work/tmp/scgi;
    include $work/glint.conf;
}
CONF
nginx -t -q -c "$work/nginx-main.conf" -e "$work/error.log"
nginx -c "$work/nginx-main.conf" -e "$work/error.log"
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$front/healthz" >/dev/null && break; sleep 0.1; done

# 400 renders through nginx from 4 clients; one instance is killed (SIGKILL, with its workers) while they run.
spec='{"width": 400, "height": 240, "series": [{"name": "a", "y": [1, 3, 2, 5, 4]}]}'
render() { curl -s -o /dev/null -w '%{http_code}\n' -H 'Content-Type: application/json' --data "$spec" "http://127.0.0.1:$front/render"; }
export -f render; export spec front
seq 400 | xargs -P 4 -I{} bash -c render >"$work/codes.txt" &
load=$!
sleep 0.5
kill -KILL "${pids[0]}"
{ wait "${pids[0]}"; } 2>/dev/null || true
before=$(wc -l <"$work/codes.txt")
wait "$load"
total=$(wc -l <"$work/codes.txt")
ok=$(grep -c '^200$' "$work/codes.txt" || true)
echo "nginx deploy test: $total renders through nginx, one of two instances killed after $before: $ok answered 200"
echo "nginx deploy test: $ok passed, $((total - ok)) failed"
[ "$ok" -eq "$total" ] && [ "$total" -eq 400 ] && [ "$before" -lt 400 ]
