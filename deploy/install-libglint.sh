#!/usr/bin/env bash
# Installs the C API under PREFIX (default /usr/local): the library and its Swift runtime in PREFIX/lib/glint
# (a private folder, so they never meet another Swift's runtime), include/glint.h, and lib/pkgconfig/glint.pc:
#   deploy/install-libglint.sh /opt/glint
#   cc app.c $(PKG_CONFIG_PATH=/opt/glint/lib/pkgconfig pkg-config --cflags --libs glint)
# The library's SONAME is libGlintC.so.1: a program linked against it finds it through the RUNPATH pkg-config
# adds, and the library finds its runtime beside itself ($ORIGIN). DESTDIR stages the files for a package:
#   DESTDIR=stage deploy/install-libglint.sh /usr LIBRARY    writes stage/usr/..., glint.pc naming /usr
set -euo pipefail
prefix="${1:-/usr/local}"
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(sed -n 's/.*public static let string = "\(.*\)".*/\1/p' "$root/Sources/Glint/Version.swift")"
dest="${DESTDIR:-}$prefix"
"$root/deploy/bundle-libglint.sh" "$dest/lib/glint" ${2:+"$2"}
install -D -m 0644 "$root/include/glint.h" "$dest/include/glint.h"
mkdir -p "$dest/lib/pkgconfig"
cat >"$dest/lib/pkgconfig/glint.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib/glint
includedir=\${prefix}/include

Name: glint
Description: Glint chart renderer: JSON specs and arrays to PNG, SVG and PDF (C API)
Version: $version
Libs: -L\${libdir} -Wl,-rpath,\${libdir} -lGlintC
Cflags: -I\${includedir}
PC
echo "install-libglint.sh: glint $version in $dest (pkg-config file $dest/lib/pkgconfig/glint.pc)" >&2
