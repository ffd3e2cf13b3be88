#!/usr/bin/env bash
# The release binary built with --static-swift-stdlib runs where no Swift toolchain is installed: built here, it is
# run in a private mount namespace with the toolchain's folder hidden under an empty tmpfs (and its path checked
# against `ldd`), rendering the demo and serving a render through its worker processes. Root is needed for the
# namespace (as in CI). The Debian package made from it is tested in a bare Debian root by deploy/test-deb.sh.
#   deploy/test-static.sh            builds .build/static/release/glint, then tests it
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product glint --static-swift-stdlib --scratch-path .build/static >/dev/null
glint="$PWD/.build/static/release/glint"
toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"   # e.g. /opt/swift/usr
if ldd "$glint" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|\.build'; then
    echo "static test: the binary still loads Swift runtime libraries (above)" >&2; exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/run.sh" <<SCRIPT
set -euo pipefail
mount -t tmpfs tmpfs "$toolchain"
[ -z "\$(ls -A "$toolchain")" ]
"$glint" demo -o "$work/demo.png" --backend cpu
"$glint" serve --port 0 --workers 1 --backend cpu --drain 0 --quiet 2>"$work/serve.log" &
server=\$!
trap 'kill -TERM \$server 2>/dev/null || true; wait \$server 2>/dev/null || true' EXIT
port="\$("$PWD/deploy/serve-port.sh" "$work/serve.log" \$server)"
code=\$(curl -s -o "$work/served.png" -w '%{http_code}' -H 'Content-Type: application/json' \
    --data '{"series": [{"y": [1, 3, 2]}]}' "http://127.0.0.1:\$port/render")
[ "\$code" = 200 ]
SCRIPT
unshare --mount bash "$work/run.sh"
for png in "$work/demo.png" "$work/served.png"; do
    [ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' ')" = "89504e470d0a1a0a" ] || { echo "static test: $png is not a PNG" >&2; exit 1; }
done
echo "static test: $(du -h "$glint" | cut -f1) binary rendered the demo and served a render with $toolchain hidden"
echo "static test: 3 passed, 0 failed"
