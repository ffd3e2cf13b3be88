#!/usr/bin/env bash
# Puts the C library into one folder that runs without a Swift toolchain: libGlintC.so.1 (stripped, SONAME
# libGlintC.so.1, RUNPATH $ORIGIN, exporting the glint_ functions only: deploy/libglint.map), a libGlintC.so link
# for the linker, and every Swift runtime library it loads (found with ldd under the toolchain), each with RUNPATH
# $ORIGIN. Debian's own libraries (EGL, GLES, cairo, HarfBuzz, ...) stay the system's. Used by
# deploy/install-libglint.sh and by the Python package's build (python/setup.py).
#   deploy/bundle-libglint.sh DEST            builds the release product GlintC, then fills DEST
#   deploy/bundle-libglint.sh DEST LIBRARY    bundles an already built libGlintC.so
set -euo pipefail
dest="${1:?usage: bundle-libglint.sh DEST [LIBRARY]}"
root="$(cd "$(dirname "$0")/.." && pwd)"
library="${2:-}"
if [ -z "$library" ]; then
    if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH="$PATH:/opt/swift/usr/bin"; fi
    (cd "$root" && swift build -c release --product GlintC >&2)
    library="$root/.build/release/libGlintC.so"
fi
command -v patchelf >/dev/null || { echo "bundle-libglint.sh: patchelf is needed (apt-get install patchelf)" >&2; exit 69; }
[ -f "$library" ] || { echo "bundle-libglint.sh: $library is not a built library" >&2; exit 66; }
swift_lib="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift/linux"
mkdir -p "$dest"
install -m 0644 "$library" "$dest/libGlintC.so.1"
# Symbols and debug information are not needed to load or call it (16 MB → about 5 MB).
strip --strip-unneeded "$dest/libGlintC.so.1"
if nm -D --defined-only "$dest/libGlintC.so.1" | awk '$2 ~ /[A-Z]/ && $3 !~ /^glint_/' | grep .; then
    echo "bundle-libglint.sh: the library exports the symbols above besides the C API (built without deploy/libglint.map?)" >&2; exit 70
fi
ln -sf libGlintC.so.1 "$dest/libGlintC.so"
patchelf --set-soname libGlintC.so.1 "$dest/libGlintC.so.1"
patchelf --set-rpath '$ORIGIN' "$dest/libGlintC.so.1"
# Every library ldd resolves inside the toolchain, the runtime's own dependencies included.
ldd "$library" | awk -v dir="$swift_lib/" 'index($3, dir) == 1 { print $3 }' | sort -u | while read -r runtime; do
    install -m 0644 "$runtime" "$dest/$(basename "$runtime")"
    patchelf --set-rpath '$ORIGIN' "$dest/$(basename "$runtime")"
done
if ldd "$dest/libGlintC.so.1" | grep -q "not found"; then
    ldd "$dest/libGlintC.so.1" | grep "not found" >&2
    echo "bundle-libglint.sh: the bundle misses the libraries above" >&2; exit 70
fi
echo "bundle-libglint.sh: $(ls "$dest" | wc -l) files, $(du -sh "$dest" | cut -f1) in $dest" >&2
