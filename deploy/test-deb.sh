#!/usr/bin/env bash
# The Debian package in a bare Debian 12 root, as an operator installs it: mmdebstrap makes a minbase root (no
# toolchain, no build tree, nothing but Debian's essential packages and apt); deploy/Containerfile's run-time stage
# is carried out there step by step (its COPY of the package and its RUN lines: apt installs the .deb and resolves
# its dependencies), then, inside the root (chroot, in a private mount namespace):
#   - the installed library exports glint.h's functions and nothing else (nm -D);
#   - glint demo as the image's user, saying nothing but what it wrote, and glint render of every Examples/*.json,
#     byte-identical to the binary the package was built from run outside the root;
#   - glint serve answering /healthz and a real render (curl from outside);
#   - the package's Recommends (Mesa) installed: glint info finds llvmpipe, and a GL render;
#   - gcc, pkg-config and systemd installed: the C example built against the installed glint.pc and run, and
#     systemd-analyze verify of the installed unit (ExecStart's binary found, its settings known).
# The tarball must hold the package's files exactly (same paths, modes, links and bytes); it is compared, not
# installed. Every step in the root runs with an empty environment (env -i), as a build step of an image would.
#   deploy/test-deb.sh [DIR]    the .deb and tarball in DIR (default .build/deb, built by deploy/build-deb.sh if absent)
# GLINT_DEBIAN_CACHE=DIR keeps the bare root's tar and apt's downloaded packages there between runs (default: a
# temporary folder, so one run makes the root once and its steps share the downloads). Root is needed (chroot).
set -euo pipefail
shopt -s inherit_errexit
repo="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:-$repo/.build/deb}"
source_binary="${GLINT_BINARY:-$repo/.build/release/glint}"
for tool in unshare chroot curl systemd-analyze nm; do
    command -v "$tool" >/dev/null || { echo "test-deb: $tool is needed" >&2; exit 69; }
done
version="$(sed -n 's/.*public static let string = "\(.*\)".*/\1/p' "$repo/Sources/Glint/Version.swift")"
deb="$dir/glint_${version}_$(dpkg --print-architecture).deb"
tarball="$dir/glint-${version}-$(dpkg --print-architecture).tar.gz"
if [ ! -f "$deb" ] || [ ! -f "$tarball" ]; then "$repo/deploy/build-deb.sh" "$dir"; fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
passed=0
pass() { passed=$((passed + 1)); echo "test-deb: ok: $*"; }
fail() { echo "test-deb: FAILED: $*" >&2; exit 1; }

# The tarball and the package hold the same files.
mkdir "$work/from-deb" "$work/from-tar"
dpkg-deb -x "$deb" "$work/from-deb"
tar -xzf "$tarball" -C "$work/from-tar"
diff -r --no-dereference "$work/from-deb" "$work/from-tar" >&2 || fail "the tarball's files differ from the package's"
modes() { (cd "$1" && find . -printf '%p %m %y\n' | sort); }
[ "$(modes "$work/from-deb")" = "$(modes "$work/from-tar")" ] || fail "the tarball's modes differ from the package's"
pass "the tarball holds the package's $(find "$work/from-deb" -type f | wc -l) files"

# The bare root (its tar and apt's downloads made once per cache).
cache="${GLINT_DEBIAN_CACHE:-$work/cache}"
root="$work/root"
"$repo/deploy/debian-root.sh" "$root" "$cache"
mkdir -p "$root/tmp/examples" "$root/tmp/out"
chmod 1777 "$root/tmp/out"
cp -r "$repo/Examples/." "$root/tmp/examples/"

# deploy/Containerfile's run-time stage, its continuation lines joined: COPY --from=build puts the package where the
# stage expects it, each RUN runs in the root. The other instructions configure the image, not its files.
awk '/^FROM debian/ { stage = 1; next } stage' "$repo/deploy/Containerfile" \
    | awk '{ more = /\\[ \t]*$/; sub(/[ \t]*\\[ \t]*$/, " "); printf "%s", $0; if (!more) print "" }' >"$work/stage"
grep -q '^RUN ' "$work/stage" || fail "deploy/Containerfile has no run-time RUN step"
{
    echo "set -euo pipefail"
    while read -r instruction arguments; do
        case "$instruction" in
            COPY) target="${arguments##* }"; echo "cp '$deb' '$root$target'" ;;
            RUN) printf 'env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin chroot %q /bin/sh -c %q\n' "$root" "$arguments" ;;
        esac
    done <"$work/stage"
} >"$work/container.sh"

# Every step runs in one private mount namespace: /proc, /dev and apt's package cache mounted into the root
# vanish with it, whatever fails.
cat >"$work/steps.sh" <<STEPS
set -euo pipefail
chroot() { env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 /usr/sbin/chroot "\$@"; }
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --bind "$cache/archives" "$root/var/cache/apt/archives"
bash "$work/container.sh" >"$work/apt.log" 2>&1 || { tail -n 30 "$work/apt.log" >&2; exit 10; }
[ ! -e "$root/opt/swift" ] && ! chroot "$root" sh -c 'command -v swift' >/dev/null || exit 11
chroot "$root" glint --version >"$work/version" || exit 12
chroot --userspec=glint "$root" glint demo -o /tmp/out/demo.png --backend cpu 2>"$work/demo.log" || exit 13
! grep -v '^wrote ' "$work/demo.log" || exit 13
for spec in "$root"/tmp/examples/*.json; do
    name="\$(basename "\$spec" .json)"
    chroot "$root" glint render "/tmp/examples/\$name.json" -o "/tmp/out/\$name.png" --backend cpu --quiet || exit 15
done
chroot "$root" glint serve --port 0 --workers 1 --backend cpu --drain 0 --quiet 2>"$work/serve.log" &
server=\$!
trap 'kill -TERM \$server 2>/dev/null || true; wait \$server 2>/dev/null || true' EXIT
port="\$("$repo/deploy/serve-port.sh" "$work/serve.log" \$server)" || exit 16
[ "\$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:\$port/healthz")" = 200 ] || exit 17
[ "\$(curl -s -o "$work/served.png" -w '%{http_code}' -H 'Content-Type: application/json' \
    --data '{"series": [{"y": [1, 3, 2]}]}' "http://127.0.0.1:\$port/render")" = 200 ] || exit 18
kill -TERM \$server; wait \$server || true
trap - EXIT
chroot "$root" sh -c 'apt-get update -qq && apt-get install -y -qq libegl-mesa0 libgl1-mesa-dri' >>"$work/apt.log" 2>&1 || exit 19
chroot "$root" glint info >"$work/info" 2>&1 || exit 20
chroot "$root" glint render /tmp/examples/demo.json -o /tmp/out/demo-gl.png --backend gl 2>"$work/gl.log" || exit 20
chroot "$root" sh -c 'apt-get install -y -qq gcc libc6-dev pkg-config systemd' >>"$work/apt.log" 2>&1 || exit 21
chroot "$root" sh -c 'cc /usr/share/doc/glint/examples/render.c \$(pkg-config --cflags --libs glint) -o /tmp/render \
    && cd /tmp/out && /tmp/render c.png' >"$work/c.log" 2>&1 || exit 22
chroot "$root" systemd-analyze verify glint@8080.service >"$work/verify.log" 2>&1 || exit 23
[ ! -s "$work/verify.log" ] || exit 23   # an unknown or misspelt key is only a warning
STEPS
status=0
unshare --mount --propagation private bash "$work/steps.sh" || status=$?
case "$status" in
    0) ;;
    10) fail "deploy/Containerfile's run-time stage (apt installing the package) failed in the bare root (log above)" ;;
    11) fail "a Swift toolchain is visible in the root" ;;
    12 | 13) fail "glint --version or demo failed in the root, or the demo said something: $(cat "$work/demo.log" 2>/dev/null)" ;;
    15) fail "glint render of an example failed in the root" ;;
    16 | 17 | 18) fail "glint serve in the root did not answer /healthz and a render with 200" ;;
    19 | 20) fail "glint info or the GL render with the package's Recommends failed: $(cat "$work/info" "$work/gl.log" 2>/dev/null)" ;;
    21 | 22) fail "the C example against the installed glint.pc failed: $(cat "$work/c.log")" ;;
    23) fail "systemd-analyze verify of the installed glint@8080.service: $(cat "$work/verify.log")" ;;
    *) fail "the steps in the root exited $status" ;;
esac
pass "deploy/Containerfile's run-time stage installed $(basename "$deb") and its dependencies in a bare Debian 12 root"
pass "$(cat "$work/version") ran there (no toolchain visible), the demo as the image's user glint, saying nothing but what it wrote"

exports="$(nm -D --defined-only "$root/usr/lib/glint/libGlintC.so.1" | awk '$2 ~ /[A-Z]/ { print $3 }' | sort -u)"
declared="$(grep -oE '\bglint_[a-z0-9_]+\(' "$root/usr/include/glint.h" | tr -d '(' | sort -u)"
[ "$exports" = "$declared" ] || fail "the installed library's exports differ from glint.h's functions: $(diff <(echo "$declared") <(echo "$exports") | grep '^[<>]' | tr '\n' ' ')"
pass "the installed libGlintC.so.1 exports glint.h's $(wc -l <<<"$exports") functions and nothing else"

identical=0
for spec in "$repo"/Examples/*.json; do
    name="$(basename "$spec" .json)"
    "$source_binary" render "$spec" -o "$work/$name.png" --backend cpu --quiet
    cmp -s "$work/$name.png" "$root/tmp/out/$name.png" || fail "the installed glint drew $name differently from $source_binary"
    identical=$((identical + 1))
done
pass "the installed glint rendered all $identical examples byte-identical to the binary it was built from"

for png in "$root/tmp/out/demo.png" "$work/served.png" "$root/tmp/out/demo-gl.png" "$root/tmp/out/c.png"; do
    [ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "$png is not a PNG"
done
pass "glint serve in the root answered /healthz and rendered a PNG"
renderer="$(grep -m1 -o 'llvmpipe[^)]*)' "$work/info")" || fail "glint info in the root names no llvmpipe: $(cat "$work/info")"
pass "with the Recommends installed, glint info found $renderer and glint rendered on GL"
pass "the C example built with \`pkg-config --cflags --libs glint\` against the installed package and ran: $(head -1 "$work/c.log")"
pass "systemd-analyze verify of the installed glint@8080.service in the root (systemd installed): no warnings"
echo "test-deb: $passed passed, 0 failed ($(du -h "$deb" | cut -f1) package; Depends: $(dpkg-deb -f "$deb" Depends))"
