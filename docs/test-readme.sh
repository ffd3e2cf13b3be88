#!/usr/bin/env bash
# Runs every command in README.md, so that the README cannot drift from what Glint does:
#   docs/test-readme.sh [GLINT [LIBGLINTC]]
# GLINT is the glint binary to run (default: $GLINT, else .build/release/glint); LIBGLINTC the built C library
# (default: $GLINT_LIBRARY, else the first of libGlintC.so beside GLINT, .build/release/libGlintC.so and
# .build/debug/libGlintC.so); GLINT_README names another README to run (to test this script). Needs python3 with
# numpy, cc, pkg-config, patchelf and curl, which README's apt line installs; about 15 s on 2 cores.
#
# What runs (docs/test-readme.py extracts it; its header says exactly what counts as a command):
#   - each command line of a ```sh block, in a temporary checkout: a folder holding links to the repository's
#     Examples, Sources, include, deploy and python, and an empty docs/images. `swift run [-c release] glint` is a
#     shell function that runs GLINT, and `glint` on the PATH is GLINT, so the command text runs as written, except
#     for these rewrites:
#       /opt/glint                          → a folder in the temporary directory (nothing is written outside it)
#       deploy/install-libglint.sh PREFIX   → deploy/install-libglint.sh PREFIX LIBGLINTC (no release build)
#       glint serve ... --port N ... &      → started with --port 0 --drain 0, its port read from the
#                                             'listening on http://127.0.0.1:PORT' line on stderr; 127.0.0.1:N and
#                                             localhost:N in the block's later commands become that port, and the
#                                             server is stopped at the end of the block
#     Every command must exit 0, and every .png, .svg and .pdf it names with -o must be one.
#   - each ```python block, with PYTHONPATH=python and GLINT_LIBRARY=LIBGLINTC (the package's way to a library
#     that is not bundled: python/glint/_native.py).
#   - each ```c block, written to the file its first-line comment names; a README command must compile it.
#   - each gallery command (a `swift run glint ...` span in a table row), writing docs/images/NAME in the temporary
#     checkout with GLINT_BACKEND=cpu; a PNG must hold the committed image's pixels exactly (compared decoded, as the
#     same pixels can be encoded in more than one way: five committed images are RGBA where glint now writes RGB),
#     an SVG its bytes. To refresh
#     an image after a deliberate change, run its command in the repository with GLINT_BACKEND=cpu.
# A command that is neither run nor listed in SKIPPED below fails the test ("README command not run by
# docs/test-readme.sh"), as does an entry of SKIPPED that is no longer in the README: adding a command to the README
# means running it here or listing it here. Relative links in README.md and docs/*.md must name existing files (and
# headings, for #anchors into Markdown files).
set -euo pipefail

# Commands that cannot run in a test, matched exactly (the command on one line, its comment stripped), with why.
SKIPPED=(
    # Installs the Swift toolchain into /opt/swift: a download, and CI has it already.
    'mkdir -p /opt/swift && tar -xzf swift-6.3.1-RELEASE-debian12.tar.gz -C /opt/swift --strip-components 1'
    'export PATH="$PATH:/opt/swift/usr/bin"'
    # System packages: root and the network. (The README's `apt-get install -y PACKAGES` line is not run either:
    # its packages must be the ones .ci/run installs, which the test checks.)
    'apt-get update'
    # The Debian package: release builds (minutes), then root to install it; .ci/run builds it and
    # deploy/test-deb.sh installs and runs it in a bare Debian 12 root.
    'deploy/build-deb.sh .'
    'sudo apt-get install ./glint_*_amd64.deb'
    # The test suite itself: .ci/run runs it.
    'swift test'
    # Builds the release library with swift build; python/test.sh installs the package this way in CI. The
    # Python quick start below it runs against LIBGLINTC instead.
    'pip install ./python'
)

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
absolute() { case "$1" in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$PWD/$1" ;; esac; }
glint="$(absolute "${1:-${GLINT:-$repo/.build/release/glint}}")"
library="${2:-${GLINT_LIBRARY:-}}"
if [ -z "$library" ]; then
    for candidate in "$(dirname "$glint")/libGlintC.so" "$repo/.build/release/libGlintC.so" "$repo/.build/debug/libGlintC.so"; do
        if [ -f "$candidate" ]; then library="$candidate"; break; fi
    done
fi
library="$(absolute "${library:-$(dirname "$glint")/libGlintC.so}")"
[ -x "$glint" ] || { echo "docs/test-readme.sh: $glint is not a built glint (pass one: docs/test-readme.sh GLINT [LIBGLINTC])" >&2; exit 66; }
[ -f "$library" ] || { echo "docs/test-readme.sh: $library is not a built libGlintC.so (pass one: docs/test-readme.sh GLINT LIBGLINTC)" >&2; exit 66; }

work="$(mktemp -d)"
server_pid=""
stop_server() {
    if [ -n "$server_pid" ]; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
        server_pid=""
    fi
}
trap 'stop_server; rm -rf "$work"' EXIT

checkout="$work/checkout"
mkdir -p "$checkout/docs/images" "$work/bin" "$work/logs"
for folder in Examples Sources include deploy python; do ln -s "$repo/$folder" "$checkout/$folder"; done
ln -s "$glint" "$work/bin/glint"
export PATH="$work/bin:$PATH"
# `swift run [-c release] glint ARGS` runs GLINT; nothing else of swift is a README command that runs here. A
# function, not a file on the PATH: deploy/bundle-libglint.sh finds the toolchain's runtime through `swift`.
prelude='swift() {
    if [ "${1:-}" = run ]; then shift; if [ "${1:-}" = -c ]; then shift 2; fi
        if [ "${1:-}" = glint ]; then shift; glint "$@"; return; fi; fi
    echo "docs/test-readme.sh: only swift run glint is mapped, not: swift $*" >&2; return 127
}'

python3 "$here/test-readme.py" extract "${GLINT_README:-$repo/README.md}" "$work/commands" || {
    echo "docs/test-readme.sh: README.md has blocks the test cannot read (above)" >&2; exit 1; }

# The packages .ci/run installs: the words of its `apt-get install -y --no-install-recommends` line and the
# continuation lines after it.
ci_packages="$(awk '/apt-get install -y --no-install-recommends/ { on = 1; next }
                    on { more = /\\[ \t]*$/; sub(/\\[ \t]*$/, ""); print; if (!more) exit }' "$repo/.ci/run" \
    | tr -s ' \t' '\n' | grep . | sort -u)"
run=0
skipped=0
failed=0
declare -A listed=()
for entry in "${SKIPPED[@]}"; do listed["$entry"]=0; done
c_files=()
declare -A compiled=()
server_block=""
server_port=""
readme_port=""

fail() { # KEY LOG MESSAGE
    failed=$((failed + 1))
    echo "FAIL  $1${3:+: $3}"
    if [ -n "$2" ] && [ -s "$2" ]; then tail -n 15 "$2" | sed 's/^/      /'; fi
}

# Runs CODE in the temporary checkout with the prelude; extra environment as NAME=VALUE arguments first.
run_code() { # LOG CODE [NAME=VALUE...]
    local log="$1" code="$2"
    shift 2
    (cd "$checkout" && env "$@" timeout 120 bash -o pipefail -ec "$prelude"$'\n'"$code") </dev/null >"$log" 2>&1
}

while IFS=$'\t' read -r index kind block line port outs cname; do
    key="$(cat "$work/commands/$index.key")"
    code="$(cat "$work/commands/$index.code")"
    log="$work/logs/$index.log"
    if [ -n "$server_pid" ] && [ "$block" != "$server_block" ]; then stop_server; fi
    if [[ "$key" == "apt-get install -y "* ]]; then
        readme_packages="$(tr ' ' '\n' <<<"${key#apt-get install -y }" | grep . | sort -u)"
        if [ "$readme_packages" = "$ci_packages" ]; then
            run=$((run + 1)); echo "ok    the apt-get line installs what .ci/run installs ($(wc -l <<<"$ci_packages") packages)"
        else
            fail "apt-get install -y ..." "" "README.md:$line installs other packages than .ci/run: $(diff <(echo "$readme_packages") <(echo "$ci_packages") | grep '^[<>]' | tr '\n' ' ')"
        fi
        continue
    fi
    if [ -n "${listed[$key]+set}" ]; then
        listed["$key"]=1
        skipped=$((skipped + 1))
        echo "skip  $key"
        continue
    fi
    case "$kind" in
    other)
        fail "$key" "" "README command not run by docs/test-readme.sh (README.md:$line): run it there or list it in SKIPPED"
        continue ;;
    python)
        cp "$work/commands/$index.code" "$checkout/readme-$index.py"
        if (cd "$checkout" && PYTHONPATH="$repo/python" GLINT_LIBRARY="$library" timeout 120 python3 "readme-$index.py") \
            </dev/null >"$log" 2>&1; then
            run=$((run + 1)); echo "ok    $key"
        else
            fail "$key" "$log"
        fi
        continue ;;
    c)
        cp "$work/commands/$index.code" "$checkout/$cname"
        c_files+=("$cname")
        continue ;;
    serve)
        readme_port="$port"
        code="${code%&}"
        code="$(printf '%s' "$code" | sed -E "s/--port[[:space:]]+$port\b/--port 0/; s/^swift run (-c release )?glint/glint/")"
        (cd "$checkout" && exec bash -c "exec $code --drain 0") </dev/null >"$log" 2>&1 &
        server_pid=$!
        server_block="$block"
        if server_port="$("$repo/deploy/serve-port.sh" "$log" "$server_pid" 2>/dev/null)"; then
            run=$((run + 1)); echo "ok    $key   (port $server_port)"
        else
            fail "$key" "$log" "no 'listening on' line within 20 s"
            server_pid=""
        fi
        continue ;;
    esac
    # sh and gallery: the rewrites above, then the command as written.
    code="${code//\/opt\/glint/$work/opt/glint}"
    if [[ "$key" =~ ^deploy/install-libglint\.sh\ [^\ ]+$ ]]; then code="$code \"$library\""; fi
    if [ -n "$server_pid" ] && [ -n "$readme_port" ]; then
        code="${code//127.0.0.1:$readme_port/127.0.0.1:$server_port}"
        code="${code//localhost:$readme_port/localhost:$server_port}"
    fi
    environment=()
    if [ "$kind" = gallery ]; then environment+=(GLINT_BACKEND=cpu); fi
    if ! run_code "$log" "$code" "${environment[@]}"; then
        fail "$key" "$log"
        continue
    fi
    problem=""
    if [ "$outs" != "-" ]; then
        for out in $outs; do
            case "$out" in *.png|*.svg|*.pdf) ;; *) continue ;; esac
            if [ ! -f "$checkout/$out" ]; then problem="it wrote no $out"; break; fi
            case "$out" in
            *.png) head -c 8 "$checkout/$out" | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a' || problem="$out is not a PNG" ;;
            *.pdf) head -c 5 "$checkout/$out" | grep -q '^%PDF-' || problem="$out is not a PDF" ;;
            *.svg) head -c 200 "$checkout/$out" | grep -q '<svg\|<?xml' || problem="$out is not an SVG" ;;
            esac
            [ -z "$problem" ] || break
            if [ "$kind" = gallery ] && [[ "$out" == docs/images/* ]]; then
                if ! python3 "$here/test-readme.py" same-image "$checkout/$out" "$repo/$out" >>"$log" 2>&1; then
                    problem="$out is not the committed image ($(tail -n 1 "$log")); re-render it with GLINT_BACKEND=cpu"
                    break
                fi
            fi
        done
    fi
    if [ -n "$problem" ]; then fail "$key" "" "$problem"; continue; fi
    for cfile in "${c_files[@]}"; do
        if [[ " $key " == *" $cfile "* ]]; then compiled["$cfile"]=1; fi
    done
    run=$((run + 1))
    echo "ok    $key"
done <"$work/commands/manifest.tsv"
stop_server

for cfile in "${c_files[@]}"; do
    if [ -n "${compiled[$cfile]+set}" ]; then
        run=$((run + 1)); echo "ok    \`\`\`c block $cfile (compiled and run above)"
    else
        fail "\`\`\`c block $cfile" "" "README command not run by docs/test-readme.sh: no README command compiles it"
    fi
done
for entry in "${SKIPPED[@]}"; do
    if [ "${listed[$entry]}" = 0 ]; then
        fail "$entry" "" "listed in SKIPPED but not a README command any more: remove it from docs/test-readme.sh"
    fi
done
if ! outputs="$(python3 "$here/test-readme.py" check-outputs "$checkout" "$checkout/docs/images" 2>"$work/outputs.log")"; then
    fail "files the README commands wrote" "$work/outputs.log"
fi

links_log="$work/links.log"
if link_count="$(cd "$repo" && python3 "$here/test-readme.py" links README.md docs/*.md 2>"$links_log")"; then
    echo "links in README.md and docs/*.md: $link_count checked, 0 broken"
else
    echo "links in README.md and docs/*.md: $link_count checked, $(wc -l <"$links_log") broken:"
    sed 's/^/      /' "$links_log"
    failed=$((failed + 1))
fi
echo "README commands: $run run, $skipped skipped (listed), $failed failed"
[ "$failed" -eq 0 ]
