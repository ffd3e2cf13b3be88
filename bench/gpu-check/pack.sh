#!/usr/bin/env bash
# Packs the GPU check for a Linux x86-64 machine that has a GPU but no Swift toolchain: the release `bench`, the
# debug test bundle, every shared library the two load except the C library's own and the C++ runtime (the
# target's newer ones serve its GPU driver too), the fonts the goldens were drawn with and this machine's font rules
# (not the local or per-user ones), which run.sh has fontconfig read instead of the target's own, so that text
# drawn there matches the goldens. `run.sh` runs it there.
#   bench/gpu-check/pack.sh OUT.tar.xz
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: bench/gpu-check/pack.sh OUT.tar.xz" >&2; exit 2; }
out="$(realpath -m "$1")"
cd "$(dirname "$0")/../.."
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
# The builds' output only when one fails (swift build writes its errors to standard output).
swift build -c release --product bench >"$stage/build.log" 2>&1 && swift build --build-tests >>"$stage/build.log" 2>&1 \
    || { grep -v 'prohibited flag' "$stage/build.log" >&2; echo "gpu-check: the build failed" >&2; exit 1; }
rm "$stage/build.log"
mkdir -p "$stage/bin" "$stage/lib" "$stage/fonts" "$stage/conf.d"
cp .build/release/bench .build/debug/GlintPackageTests.xctest "$stage/bin/"
strip --strip-debug "$stage/bin/"*
for binary in "$stage/bin/"*; do ldd "$binary"; done | awk '$3 ~ /^\// { print $3 }' | sort -u \
    | grep -vE '/(libc|libm|libmvec|libdl|libpthread|librt|libresolv|libstdc\+\+|libgcc_s)\.so' \
    | xargs cp -L -t "$stage/lib/"
strip --strip-debug "$stage/lib/"* 2>/dev/null || true
fc-list --format '%{file}\n' | sort -u | xargs cp -L -t "$stage/fonts/"
for rule in /etc/fonts/conf.d/*.conf; do
    case "$(basename "$rule")" in 50-user.conf|51-local.conf) ;; *) cp -L "$rule" "$stage/conf.d/" ;; esac
done
# The tests read their goldens through the path they were built at.
pwd >"$stage/source-root"
XZ_OPT="-T0 -3" tar -C "$stage" -cJf "$out" .
echo "gpu-check: packed $(du -h "$out" | cut -f1) into $out ($(ls "$stage/lib" | wc -l) libraries, $(ls "$stage/fonts" | wc -l) fonts)"
