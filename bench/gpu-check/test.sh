#!/usr/bin/env bash
# The GPU check's bundle runs where no Swift toolchain and no font rules are installed: packed here, then run
# (--quick, on this machine's Mesa: the goldens must match, text included) in a private mount namespace with the
# toolchain's folder and /etc/fonts hidden under empty tmpfs mounts. Root is needed for the namespace (as in CI).
#   bench/gpu-check/test.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bench/gpu-check/pack.sh "$work/gpu-check.tar.xz"
toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"   # e.g. /opt/swift/usr
unshare --mount bash -c "mount -t tmpfs tmpfs '$toolchain' && mount -t tmpfs tmpfs /etc/fonts \
    && bench/gpu-check/run.sh '$work/gpu-check.tar.xz' '$work/out' --quick"
grep -q '^tests: exit 0' "$work/out/steps.txt" && grep -q 'Test run with .* passed' "$work/out/tests.txt" \
    || { cat "$work/out/steps.txt" "$work/out/tests.txt" >&2; echo "gpu-check test: the bundle's tests failed" >&2; exit 1; }
grep -q '^bench: exit 0' "$work/out/steps.txt" && grep -q '^| demo | 261 | gl |' "$work/out/bench-quick.txt" \
    || { cat "$work/out/bench-quick.txt" >&2; echo "gpu-check test: the bundle's bench failed" >&2; exit 1; }
echo "gpu-check test: the bundle ran its tests and the bench with $toolchain and /etc/fonts hidden"
