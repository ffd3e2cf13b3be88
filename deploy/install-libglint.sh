#!/usr/bin/env bash
# Installs the C API under PREFIX (default /usr/local): the library and its Swift runtime in PREFIX/lib/glint
# (a private folder, so they never meet another Swift's runtime), include/glint.h, and lib/pkgconfig/glint.pc:
#   deploy/install-libglint.sh /opt/glint
#   cc app.c $(PKG_CONFIG_PATH=/opt/glint/lib/pkgconfig pkg-config --cflags --libs glint)
# The library's SONAME is libGlintC.so.1: a program linked against it finds it through the RUNPATH pkg-config
# adds, and the library finds its runtime beside itself ($ORIGIN).
set -euo pipefail
prefix="${1:-/usr/local}"
root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(sed -n 's/.*public static let string = "\(.*\)".*/\1/p' "$root/Sources/Glint/Version.swift")"
"$root/deploy/bundle-libglint.sh" "$prefix/lib/glint" ${2:+"$2"}
install -D -m 0644 "$root/include/glint.h" "$prefix/include/glint.h"
mkdir -p "$prefix/lib/pkgconfig"
cat >"$prefix/lib/pkgconfig/glint.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib/glint
includedir=\${prefix}/include

Name: glint
Description: Glint chart renderer: JSON specs and arrays to PNG, SVG and PDF (C API)
Version: $version
Libs: -L\${libdir} -Wl,-rpath,\${libdir} -lGlintC
Cflags: -I\${includedir}
PC
echo "install-libglint.sh: glint $version in $prefix (pkg-config file $prefix/lib/pkgconfig/glint.pc)" >&2
