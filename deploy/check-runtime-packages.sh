#!/usr/bin/env bash
# Every Debian library a binary loads is installed by deploy/Containerfile's run-time stage: the library's package
# is listed on that stage's apt-get line, or is a dependency of a listed one (apt's closure, recommends left out;
# of alternatives, apt lists each), or is required by Debian itself (in every image). A library that no Debian
# package holds fails the check. Run by deploy/test-static.sh on the static release binary.
#   deploy/check-runtime-packages.sh BINARY
set -euo pipefail
shopt -s inherit_errexit
binary="${1:?usage: check-runtime-packages.sh BINARY}"
root="$(cd "$(dirname "$0")/.." && pwd)"
# The run-time stage's RUN line (after `FROM debian`), its continuation lines joined; the words between
# `apt-get install` and the next `&&`, less options.
run="$(awk '/^FROM debian/ { stage = 1 } stage && /^RUN/ { line = 1 }
            line { more = /\\[ \t]*$/; sub(/[ \t]*\\[ \t]*$/, " "); printf "%s", $0; if (!more) exit }' "$root/deploy/Containerfile")"
listed="$(sed -e 's/.*apt-get install//' -e 's/&&.*//' <<<"$run" | tr ' ' '\n' | grep -E '^[a-z0-9][a-z0-9.+-]+$' | sort -u || true)"
[ -n "$listed" ] || { echo "check-runtime-packages: no apt-get install in deploy/Containerfile's run-time stage" >&2; exit 1; }
# shellcheck disable=SC2086
closure="$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
    --no-enhances $listed)"
required="$(dpkg-query -W -f='${Package} ${Priority}\n' | awk '$2 == "required" { print $1 }')"
installed="$( (grep -E '^[a-z0-9]' <<<"$closure"; echo "$required") | sort -u)"
# The package holding a library: its path as ldd gives it or resolved, with or without /usr (merged /usr).
owner() {
    local path
    for path in "$1" "$(readlink -f "$1")"; do
        for candidate in "$path" "${path#/usr}" "/usr$path"; do
            dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1 && return 0
        done
    done
    return 1
}
missing=0
for library in $(ldd "$binary" | awk '$3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'); do
    if ! package="$(owner "$library")" || [ -z "$package" ]; then
        echo "check-runtime-packages: $library comes from no Debian package" >&2
        missing=$((missing + 1))
    elif ! grep -qxF "$package" <<<"$installed"; then
        echo "check-runtime-packages: $library (package $package) is not installed by deploy/Containerfile's run-time stage" >&2
        missing=$((missing + 1))
    fi
done
[ "$missing" = 0 ] || exit 1
echo "check-runtime-packages: every library $(basename "$binary") loads comes with deploy/Containerfile's $(wc -w <<<"$listed") run-time packages"
