#!/usr/bin/env bash
# Runs the GPU check packed by pack.sh, on the machine with the GPU, from a checkout of the same commit: the GL
# test suites (goldens, CPU–GL parity, live buffers, host contexts, coverage) and the benchmark, each step bounded
# in time. Writes to OUT: machine.txt (CPUs, GPU, EGL vendor), steps.txt (each step's exit status and seconds),
# tests.txt, images.tar (the actual and diff images of goldens that did not match, and the images of parity,
# compute-painter and live-frame comparisons that failed: GLINT_TEST_IMAGES), bench-quick.txt and .json,
# bench-stream.txt, bench-dots.txt (1e4 to 1e8 dots on the GL, CPU and compute painters; each bench's second line says what auto
# chose, the compute painter's probe times included). With --quick: the goldens, the live-buffer suite and the demo row only.
#   bench/gpu-check/run.sh BUNDLE.tar.xz OUT [--quick]
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: bench/gpu-check/run.sh BUNDLE.tar.xz OUT [--quick]" >&2; exit 2; }
bundle="$(realpath "$1")"
out="$(realpath -m "$2")"
quick="${3:-}"
cd "$(dirname "$0")/../.."
mkdir -p "$out"
unpacked="$(mktemp -d)"
trap 'rm -rf "$unpacked"' EXIT
tar -C "$unpacked" -xJf "$bundle" || { echo "gpu-check: cannot unpack $bundle" >&2; exit 1; }
root="$(cat "$unpacked/source-root")"
if [ "$(realpath -m "$root")" != "$PWD" ]; then
    [ -e "$root" ] || { mkdir -p "$(dirname "$root")" && ln -s "$PWD" "$root"; }
    [ "$(realpath "$root")" = "$PWD" ] || echo "gpu-check: $root is another checkout; the tests read their goldens there" >&2
fi
export LD_LIBRARY_PATH="$unpacked/lib:/usr/local/nvidia/lib64:/usr/local/nvidia/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p "$unpacked/cache"
cat >"$unpacked/fonts.conf" <<CONF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>$unpacked/fonts</dir>
  <cachedir>$unpacked/cache</cachedir>
  <include ignore_missing="yes">$unpacked/conf.d</include>
</fontconfig>
CONF
export FONTCONFIG_FILE="$unpacked/fonts.conf"
mkdir -p "$unpacked/images"
export GLINT_TEST_IMAGES="$unpacked/images"
# glvnd finds EGL vendors in /usr/share/glvnd and /etc/glvnd; a driver mounted elsewhere (containers) is named.
if [ -z "${__EGL_VENDOR_LIBRARY_FILENAMES:-}" ] && ! ls /usr/share/glvnd/egl_vendor.d/*.json /etc/glvnd/egl_vendor.d/*.json >/dev/null 2>&1; then
    vendor="$(find /usr/local/nvidia /usr/lib /opt -name '*nvidia*.json' -path '*egl_vendor.d*' 2>/dev/null | head -n 1)"
    [ -n "$vendor" ] && export __EGL_VENDOR_LIBRARY_FILENAMES="$vendor"
fi
{
    echo "nproc: $(nproc)"
    grep -m1 'model name' /proc/cpuinfo
    command -v nvidia-smi >/dev/null && nvidia-smi -L
    echo "EGL vendor: ${__EGL_VENDOR_LIBRARY_FILENAMES:-the default folders}"
} >"$out/machine.txt" 2>&1
: >"$out/steps.txt"
# step NAME SECONDS OUTFILE COMMAND...: runs the command under a time limit, its output to OUTFILE.
step() {
    local name="$1" limit="$2" file="$3" started=$SECONDS status
    shift 3
    timeout "$limit" "$@" >"$out/$file" 2>&1
    status=$?
    echo "$name: exit $status after $((SECONDS - started)) s" | tee -a "$out/steps.txt"
}
tests="$unpacked/bin/GlintPackageTests.xctest"
bench="$unpacked/bin/bench"
if [ "$quick" = "--quick" ]; then
    step tests 300 tests.txt "$tests" --testing-library swift-testing --filter 'GoldenTests|LiveGLTests'
    step bench 120 bench-quick.txt "$bench" --quick --runs 1 --only demo
else
    step tests 180 tests.txt "$tests" --testing-library swift-testing \
        --filter 'GoldenTests|ParityTests|ComputePainterTests|ComputeChoiceTests|LiveGLTests|HostContextTests|CoverageTests|DashTests|PathFillTests|HeatmapTests|DensityTests|KernelVariantTests|RetainedChartTests|GLThreadBudgetTests'
    step bench-quick 120 bench-quick.txt "$bench" --quick --runs 1 --json "$out/bench-quick.json"
    step bench-stream 60 bench-stream.txt "$bench" --only stream
    step bench-dots 240 bench-dots.txt "$bench" --only dots --runs 3
fi
# Images of goldens that did not match (moved out of the checkout) and of failed comparisons.
kept=(Tests/Goldens \( -name '*.actual.png' -o -name '*.diff.png' \))
find "${kept[@]}" -exec cp --parents -t "$unpacked/images" {} + && find "${kept[@]}" -delete
if [ -n "$(ls -A "$unpacked/images")" ]; then
    tar -C "$unpacked/images" -cf "$out/images.tar" .
fi
grep -E 'Test run with' "$out/tests.txt" | tail -n 1
head -n 1 "$out/bench-quick.txt"
