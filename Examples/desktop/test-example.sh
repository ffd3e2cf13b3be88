#!/usr/bin/env bash
# The test of a desktop example (Examples/gtk4/test.sh, Examples/qt/test.sh call it): installs the C library into a
# scratch prefix with deploy/install-libglint.sh, builds the example with its Makefile against that glint.pc, and
# drives it under Xvfb (drive.py: resize, drag, wheel, hover; each frame compared with a headless render).
#   test-example.sh NAME [LIBRARY]    NAME: gtk4 or qt; LIBRARY: a built libGlintC.so (default $GLINT_LIBRARY, else
#                                     the debug build's .build/debug/libGlintC.so; never built here)
set -euo pipefail
name="${1:?usage: test-example.sh gtk4|qt [LIBRARY]}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
library="${2:-${GLINT_LIBRARY:-$root/.build/debug/libGlintC.so}}"
[ -f "$library" ] || { echo "$name example: $library is not a built library (swift build, or pass its path)" >&2; exit 66; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

"$root/deploy/install-libglint.sh" "$scratch/prefix" "$library"
PKG_CONFIG_PATH="$scratch/prefix/lib/pkgconfig" make -s -C "$root/Examples/$name" BUILD="$scratch"
python3 "$here/drive.py" "$name" "$scratch/glint-$name"
