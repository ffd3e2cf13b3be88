#!/usr/bin/env bash
# The Python package as a user gets it: a throw-away virtualenv, `pip install ./python` (which builds the release
# library and bundles it with its Swift runtime), then pytest with the Swift toolchain hidden — under a private
# mount namespace with an empty tmpfs over the toolchain's folder when run as root (as in CI), so the package
# must import and render without it. The venv and everything else it makes are removed at the end.
#   python/test.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH="$PATH:/opt/swift/usr/bin"; fi
toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"   # e.g. /opt/swift/usr
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check numpy pandas pytest "dask[dataframe,distributed]" matplotlib contourpy scipy
"$work/venv/bin/pip" install --quiet --disable-pip-version-check ./python
# Outside the source tree, so `import glint` finds the installed package, not python/glint.
tests="$PWD/python/tests"
run="cd '$work' && '$work/venv/bin/python' -m pytest -q -p no:cacheprovider '$tests' $*"
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then
    unshare --mount bash -c "mount -t tmpfs tmpfs '$toolchain' && [ -z \"\$(ls -A '$toolchain')\" ] && export PATH=/usr/bin:/bin && $run"
    echo "python test: run with $toolchain hidden"
else
    PATH=/usr/bin:/bin bash -c "$run"
fi
