#!/usr/bin/env bash
# Builds the Debian package and the release tarball of the same files:
#   deploy/build-deb.sh [OUTDIR]     (default .build/deb) → OUTDIR/glint_VERSION_amd64.deb, glint-VERSION-amd64.tar.gz
# The package holds
#   /usr/bin/glint                               the CLI and render server (RUNPATH /usr/lib/glint)
#   /usr/lib/glint/libGlintC.so.1 (+ runtime)    the C library and the Swift runtime both load, private to them:
#                                                one copy, not one each
#   /usr/include/glint.h, /usr/lib/x86_64-linux-gnu/pkgconfig/glint.pc
#   /usr/lib/systemd/system/glint@.service       `systemctl enable --now glint@8080`: a server per port
#   /usr/share/man/man1/glint.1.gz, /usr/share/doc/glint/
# Its Depends are what dpkg-shlibdeps derives from every ELF file in it (the libraries they link), and what no ELF
# file names: the zone data time axes read (tzdata: Glint loads FoundationEssentials, which reads the system's, and
# no ICU), a font to draw
# text with (fonts-dejavu-core, what the goldens are drawn with) and fontconfig, whose
# system-wide cache of it is made when fonts are installed (without it, each process scans the fonts and, as a user
# with no home such as the container's, says 'Fontconfig error: No writable cache directories' on every run). Mesa's
# EGL vendor and DRI drivers are loaded by libglvnd at run time, so no ELF file names them: they are the GPU driver
# on Intel and AMD GPUs (and llvmpipe without a GPU), and are Recommends — installed by default; left out with
# --no-install-recommends, which leaves the CPU painter unless another vendor's EGL driver is there (NVIDIA's).
# The tarball holds the same tree, to unpack at / without the dependencies resolved (`tar --no-overwrite-dir -xzf
# glint-VERSION-amd64.tar.gz -C /`: the directories /usr and below keep their own modes). deploy/test-deb.sh installs
# the package in a bare Debian 12 root and compares the tarball's files with the package's.
# Set GLINT_BINARY and GLINT_C_LIBRARY to package already built release files instead of building them.
set -euo pipefail
umask 022
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/.build/deb}"
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH="$PATH:/opt/swift/usr/bin"; fi
for tool in dpkg-shlibdeps dpkg-deb patchelf; do
    command -v "$tool" >/dev/null || { echo "build-deb.sh: $tool is needed (apt-get install dpkg-dev patchelf)" >&2; exit 69; }
done
version="$(sed -n 's/.*public static let string = "\(.*\)".*/\1/p' "$root/Sources/Glint/Version.swift")"
architecture="$(dpkg --print-architecture)"
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
# File times from the last commit (or SOURCE_DATE_EPOCH), so that the same tree gives the same package bytes.
epoch="${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}"
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
DESTDIR="$stage" "$root/deploy/install-libglint.sh" /usr "$library" 2>"$work/install.log" \
    || { cat "$work/install.log" >&2; exit 70; }
install -d "$stage/usr/lib/$multiarch/pkgconfig"
mv "$stage/usr/lib/pkgconfig/glint.pc" "$stage/usr/lib/$multiarch/pkgconfig/glint.pc"
rmdir "$stage/usr/lib/pkgconfig"
# The binary loads the Swift runtime from the C library's bundle, with anything it needs beyond the library added to
# it; every library it needs that is no system one must be there.
swift_lib="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift/linux"
ldd "$binary" | awk -v dir="$swift_lib/" 'index($3, dir) == 1 { print $3 }' | sort -u | while read -r runtime; do
    bundled="$stage/usr/lib/glint/$(basename "$runtime")"
    [ -f "$bundled" ] && continue
    install -m 0644 "$runtime" "$bundled"
    patchelf --set-rpath '$ORIGIN' "$bundled"
done
patchelf --set-rpath /usr/lib/glint "$stage/usr/bin/glint"
# (The system's libraries listed once: `ldconfig -p | grep -q` under pipefail fails when grep's early exit cuts
# ldconfig off with SIGPIPE, which named libharfbuzz missing in one CI run.)
system_libraries="$(ldconfig -p)"
for needed in $(patchelf --print-needed "$stage/usr/bin/glint"); do
    [ -f "$stage/usr/lib/glint/$needed" ] || grep -q "^\s*$needed " <<<"$system_libraries" \
        || { echo "build-deb.sh: glint needs $needed, which neither the bundle nor the system has" >&2; exit 70; }
done
install -D -m 0644 "$root/deploy/glint.service" "$stage/usr/lib/systemd/system/glint@.service"
install -d "$stage/usr/share/man/man1" "$stage/usr/share/doc/glint/examples"
sed "s/^\.TH GLINT 1 .*/.TH GLINT 1 \"$(date -u -d "@$epoch" +%Y-%m-%d)\" \"glint $version\" \"User Commands\"/" "$root/deploy/glint.1" \
    | gzip -9n >"$stage/usr/share/man/man1/glint.1.gz"
for doc in spec serve sql; do gzip -9n <"$root/docs/$doc.md" >"$stage/usr/share/doc/glint/$doc.md.gz"; done
cat <<CHANGELOG | gzip -9n >"$stage/usr/share/doc/glint/changelog.Debian.gz"
glint ($version) unstable; urgency=medium

  * Built from the Glint repository by deploy/build-deb.sh.

 -- Glint developers <maintainers@users.noreply.a-seed-4beee0cc.example>  $(date -u -R -d "@$epoch")
CHANGELOG
install -m 0644 "$root/Examples/demo.json" "$root/Examples/c/render.c" "$root/Examples/c/columns.c" \
    "$stage/usr/share/doc/glint/examples/"
cat >"$stage/usr/share/doc/glint/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: glint
Comment: The Glint developers have not stated a licence for Glint yet. The package also holds, in
 /usr/lib/glint and linked into its files, the Swift runtime and FoundationEssentials (Apple Inc. and the Swift
 project authors: Apache License 2.0 with the Runtime Library Exception, /usr/share/common-licenses/Apache-2.0),
 libdispatch and BlocksRuntime (Apache 2.0) and fast_float (Daniel Lemire and contributors: Apache 2.0, MIT or
 Boost Software License 1.0).

Files: *
Copyright: the Glint developers
License: not-yet-stated
 The Glint developers have not stated a licence yet; see the Comment above.
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
Depends: $shlibs, fontconfig, fonts-dejavu-core, tzdata
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
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum >DEBIAN/md5sums)
find "$stage" -exec touch --no-dereference --date="@$epoch" {} +
mkdir -p "$out"
rm -f "$out"/glint_*.deb "$out"/glint-*.tar.gz
deb="$out/glint_${version}_${architecture}.deb"
tarball="$out/glint-${version}-${architecture}.tar.gz"
SOURCE_DATE_EPOCH="$epoch" dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
tar --owner=0 --group=0 --numeric-owner --sort=name --mode=u+rwX,go+rX,go-w --mtime="@$epoch" -cf - -C "$stage" usr \
    | gzip -9n >"$tarball"
echo "build-deb.sh: $deb ($(du -h "$deb" | cut -f1)), $tarball ($(du -h "$tarball" | cut -f1))" >&2
echo "build-deb.sh: Depends: $shlibs, fontconfig, fonts-dejavu-core, tzdata" >&2
