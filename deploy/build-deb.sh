#!/usr/bin/env bash
# Builds the Debian package and the release tarball of the same files:
#   deploy/build-deb.sh [OUTDIR]     (default .build/deb) → OUTDIR/glint_VERSION_amd64.deb, glint-VERSION-amd64.tar.gz
# The package holds
#   /usr/bin/glint                               the CLI and render server (RUNPATH /usr/lib/glint)
#   /usr/lib/glint/libGlintC.so.1 (+ runtime)    the C library and the Swift runtime both load, private to them:
#                                                one copy (about 80 MB, ICU's data half of it), not one each
#   /usr/include/glint.h, /usr/lib/pkgconfig/glint.pc
#   /usr/lib/systemd/system/glint@.service       `systemctl enable --now glint@8080`: a server per port
#   /usr/share/man/man1/glint.1.gz, /usr/share/doc/glint/
# Its Depends are what dpkg-shlibdeps derives from every ELF file in it (the libraries they link), and what no ELF
# file names: a font to draw text with (fonts-dejavu-core, what the goldens are drawn with) and fontconfig, whose
# system-wide cache of it is made when fonts are installed (without it, each process scans the fonts and, as a user
# with no home such as the container's, says 'Fontconfig error: No writable cache directories' on every run). Mesa's
# EGL vendor and llvmpipe are loaded by libglvnd at run time and only needed for GL without a GPU driver: they are
# Recommends. The tarball unpacks the same tree at / (`tar -xzf glint-VERSION-amd64.tar.gz -C /`), without the
# dependencies resolved; deploy/test-deb.sh checks both in a bare Debian 12 root.
# Set GLINT_BINARY and GLINT_C_LIBRARY to package already built release files instead of building them.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/.build/deb}"
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH="$PATH:/opt/swift/usr/bin"; fi
for tool in dpkg-shlibdeps dpkg-deb patchelf; do
    command -v "$tool" >/dev/null || { echo "build-deb.sh: $tool is needed (apt-get install dpkg-dev patchelf)" >&2; exit 69; }
done
version="$(sed -n 's/.*public static let string = "\(.*\)".*/\1/p' "$root/Sources/Glint/Version.swift")"
architecture="$(dpkg --print-architecture)"
binary="${GLINT_BINARY:-}"
if [ -z "$binary" ]; then
    (cd "$root" && swift build -c release --product glint >&2)
    binary="$root/.build/release/glint"
fi
library="${GLINT_C_LIBRARY:-}"
if [ -z "$library" ]; then
    (cd "$root" && swift build -c release --product GlintC >&2)
    library="$root/.build/release/libGlintC.so"
fi

# dpkg-shlibdeps reads debian/control and knows the files under debian/PACKAGE as the package's own.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
stage="$work/debian/glint"
install -D -m 0755 "$binary" "$stage/usr/bin/glint"
strip --strip-unneeded "$stage/usr/bin/glint"
DESTDIR="$stage" "$root/deploy/install-libglint.sh" /usr "$library" 2>/dev/null
# The binary loads the same Swift runtime libraries as the C library (the bundle holds those ldd finds for it).
patchelf --set-rpath /usr/lib/glint "$stage/usr/bin/glint"
for runtime in $(ldd "$binary" | awk '$3 ~ /\/lib\/swift\// { print $1 }'); do
    [ -f "$stage/usr/lib/glint/$runtime" ] || { echo "build-deb.sh: glint loads $runtime, which the C library's bundle lacks" >&2; exit 70; }
done
install -D -m 0644 "$root/deploy/glint.service" "$stage/usr/lib/systemd/system/glint@.service"
install -d "$stage/usr/share/man/man1" "$stage/usr/share/doc/glint/examples"
gzip -9n <"$root/deploy/glint.1" >"$stage/usr/share/man/man1/glint.1.gz"
install -m 0644 "$root/docs/spec.md" "$root/docs/serve.md" "$root/docs/sql.md" "$stage/usr/share/doc/glint/"
install -m 0644 "$root/Examples/demo.json" "$root/Examples/c/render.c" "$root/Examples/c/columns.c" \
    "$stage/usr/share/doc/glint/examples/"
cat >"$stage/usr/share/doc/glint/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: glint
Comment: /usr/lib/glint holds the Swift runtime libraries /usr/bin/glint and libGlintC.so.1 load (Apple Inc.
 and the Swift project authors, Apache License 2.0 with Runtime Library Exception). Both contain fast_float (Daniel Lemire and contributors, Apache 2.0, MIT or Boost Software License 1.0).

Files: *
Copyright: the Glint developers
License: see the source repository
COPYRIGHT

mkdir -p "$work/debian"
cat >"$work/debian/control" <<CONTROL
Source: glint
Maintainer: Glint developers <maintainers@users.noreply.a-seed-4beee0cc.example>

Package: glint
Architecture: $architecture
CONTROL
elves="$(find "$stage" -type f \( -name glint -o -name '*.so*' \) | sort)"
# shellcheck disable=SC2086
(cd "$work" && dpkg-shlibdeps -O -l"$stage/usr/lib/glint" $elves 2>"$work/shlibdeps.log") >"$work/substvars" \
    || { cat "$work/shlibdeps.log" >&2; exit 70; }
shlibs="$(sed -n 's/^shlibs:Depends=//p' "$work/substvars")"
[ -n "$shlibs" ] || { echo "build-deb.sh: dpkg-shlibdeps derived no dependencies" >&2; exit 70; }

install -d "$stage/DEBIAN"
cat >"$stage/DEBIAN/control" <<CONTROL
Package: glint
Version: $version
Architecture: $architecture
Maintainer: Glint developers <maintainers@users.noreply.a-seed-4beee0cc.example>
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Depends: $shlibs, fontconfig, fonts-dejavu-core
Recommends: libegl-mesa0, libgl1-mesa-dri
Section: graphics
Priority: optional
Description: hardware-accelerated chart renderer: JSON specs to PNG, SVG and PDF
 Glint draws charts (lines, dots, bars, areas, histograms, heatmaps, candlesticks,
 pies, panels and facets) described by JSON specs, with OpenGL ES 3 through headless
 EGL where a GPU driver is installed and with its CPU painter elsewhere.
 .
 This package holds the glint command (render, serve, layout, hit, info), the C
 library with its header and pkg-config file, and a systemd unit for the server.
CONTROL
mkdir -p "$out"
deb="$out/glint_${version}_${architecture}.deb"
tarball="$out/glint-${version}-${architecture}.tar.gz"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
tar --owner=0 --group=0 --numeric-owner --sort=name -czf "$tarball" -C "$stage" usr
echo "build-deb.sh: $deb ($(du -h "$deb" | cut -f1)), $tarball ($(du -h "$tarball" | cut -f1))" >&2
echo "build-deb.sh: Depends: $shlibs, fontconfig, fonts-dejavu-core" >&2
