#!/usr/bin/env bash
# Every Debian library a binary loads is installed by deploy/Containerfile's run-time stage: the library's package
# is listed on that stage's apt-get line, or is a dependency of a listed one (apt's closure, recommends left out),
# or is required by Debian itself (in every image). Run by deploy/test-static.sh on the static release binary.
#   deploy/check-runtime-packages.sh BINARY
set -euo pipefail
binary="${1:?usage: check-runtime-packages.sh BINARY}"
root="$(cd "$(dirname "$0")/.." && pwd)"
# The run-time stage's apt-get install line (after `FROM debian`), its continuation lines joined.
listed="$(awk '/^FROM debian/ { stage = 1 } stage && /apt-get install/ { line = 1 } line { print } line && !/\\$/ { line = 0 }' \
    "$root/deploy/Containerfile" | sed 's/&&.*//' | tr ' \\' '\n\n' | grep -E '^[a-z0-9][a-z0-9.+-]+$' \
    | grep -vxE 'apt-get|install|update|rm|run' | sort -u)"
[ -n "$listed" ] || { echo "check-runtime-packages: no apt-get install line after FROM debian in deploy/Containerfile" >&2; exit 1; }
# shellcheck disable=SC2086
installed="$( (apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
    --no-enhances $listed | grep -E '^[a-z0-9]'; dpkg-query -W -f='${Package} ${Priority}\n' | awk '$2 == "required" { print $1 }') | sort -u)"
missing=0
for library in $(ldd "$binary" | awk '$3 ~ /^\// { print $3 }'); do
    package="$(dpkg -S "$(readlink -f "$library")" 2>/dev/null | head -1 | cut -d: -f1 || true)"
    [ -n "$package" ] || package="$(dpkg -S "$library" 2>/dev/null | head -1 | cut -d: -f1 || true)"
    [ -n "$package" ] || continue   # not from a Debian package (the toolchain's, in a build that links it)
    if ! grep -qxF "$package" <<<"$installed"; then
        echo "check-runtime-packages: $library (package $package) is not installed by deploy/Containerfile's run-time stage" >&2
        missing=$((missing + 1))
    fi
done
[ "$missing" = 0 ] || exit 1
echo "check-runtime-packages: every library $(basename "$binary") loads comes with deploy/Containerfile's $(wc -w <<<"$listed") run-time packages"
