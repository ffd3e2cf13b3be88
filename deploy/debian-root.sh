#!/usr/bin/env bash
# A bare Debian 12 root (mmdebstrap's minbase: Debian's essential packages and apt, no toolchain, no build tree) for
# the tests that install Glint as a user would (deploy/test-deb.sh, python/test-wheel.sh):
#   deploy/debian-root.sh DEST [CACHE]
# unpacks it into DEST (an empty or absent folder), with the host's resolv.conf so apt reaches the mirror, and the
# host's certificate bundle as /etc/host-ca-certificates.crt for a TLS client that must trust what the host trusts
# (pip behind this machine's egress proxy: PIP_CERT). The root's
# tar is made once in CACHE (default: $GLINT_DEBIAN_CACHE, else a folder that goes with the call) and reused, and
# CACHE/archives is the folder to bind over the root's /var/cache/apt/archives so that steps share downloads.
set -euo pipefail
dest="${1:?usage: debian-root.sh DEST [CACHE]}"
cache="${2:-${GLINT_DEBIAN_CACHE:-}}"
command -v mmdebstrap >/dev/null || { echo "debian-root.sh: mmdebstrap is needed (apt-get install mmdebstrap)" >&2; exit 69; }
if [ -z "$cache" ]; then
    cache="$(mktemp -d)"
    trap 'rm -rf "$cache"' EXIT
fi
mkdir -p "$cache/archives/partial" "$dest"
base="$cache/bookworm-minbase.tar"
if [ ! -f "$base" ]; then
    # Release files are not checked for expiry: this machine's mirror may serve them late (its own apt does the same).
    mmdebstrap --quiet --variant=minbase --format=tar --aptopt='Acquire::Check-Valid-Until "false"' bookworm "$base.part" \
        "deb http://deb.debian.org/debian bookworm main" \
        "deb http://deb.debian.org/debian bookworm-updates main" \
        "deb http://deb.debian.org/debian-security bookworm-security main"
    mv "$base.part" "$base"
fi
tar -xf "$base" -C "$dest"
cp /etc/resolv.conf "$dest/etc/resolv.conf"
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then cp /etc/ssl/certs/ca-certificates.crt "$dest/etc/host-ca-certificates.crt"; fi
