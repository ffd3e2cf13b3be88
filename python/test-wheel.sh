#!/usr/bin/env bash
# The wheel as a user installs it, where nothing of the build is: a bare Debian 12 root (deploy/debian-root.sh: no
# Swift toolchain, no source tree) with Python and only the system packages python/README.md names for the wheel,
# a fresh virtualenv, `pip install` of the wheel with numpy, pandas, pyarrow, polars and pytest from PyPI, then the
# package's tests (python/tests, copied in) run there with an empty environment. Root is needed (chroot).
#   python/test-wheel.sh [WHEEL]    (default: the one in .build/wheel, built by python/build-wheel.sh if absent)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
wheel="${1:-}"
if [ -z "$wheel" ]; then
    compgen -G "$repo/.build/wheel/glint-*.whl" >/dev/null || "$repo/python/build-wheel.sh"
    wheel="$(ls "$repo"/.build/wheel/glint-*.whl)"
fi
# What python/README.md tells a user to install beside the wheel, and Python itself.
system_packages="libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri libx11-6 libxext6 libxrender1 libxcb-render0 libxcb-shm0 libglib2.0-0 fontconfig fonts-dejavu-core tzdata"
grep -qF "$system_packages" "$repo/python/README.md" \
    || { echo "test-wheel: python/README.md does not name the packages '$system_packages'" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cache="${GLINT_DEBIAN_CACHE:-$work/cache}"
root="$work/root"
"$repo/deploy/debian-root.sh" "$root" "$cache"
mkdir -p "$root/tmp/wheel"
cp "$wheel" "$root/tmp/wheel/"
cp -r "$repo/python/tests" "$root/tmp/tests"
cat >"$root/tmp/steps.sh" <<STEPS
set -eu
apt-get update -qq
apt-get install -y -qq --no-install-recommends python3 python3-venv $system_packages >/dev/null
if [ -e /opt/swift ] || command -v swift >/dev/null; then echo "test-wheel: a Swift toolchain is visible in the root" >&2; exit 1; fi
python3 -m venv /tmp/venv
if [ -f /etc/host-ca-certificates.crt ]; then export PIP_CERT=/etc/host-ca-certificates.crt; fi
/tmp/venv/bin/pip install --quiet --disable-pip-version-check /tmp/wheel/*.whl numpy pandas pyarrow polars pytest
cd /tmp
/tmp/venv/bin/python -c 'import glint; print("test-wheel: glint", glint.__version__, "from", glint.__file__)'
/tmp/venv/bin/python -m pytest -q -p no:cacheprovider /tmp/tests
STEPS
cat >"$work/enter.sh" <<ENTER
set -euo pipefail
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --bind "$cache/archives" "$root/var/cache/apt/archives"
env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME=/root chroot "$root" sh /tmp/steps.sh
ENTER
unshare --mount --propagation private bash "$work/enter.sh"
installed="$(du -sk "$root"/tmp/venv/lib/python3*/site-packages/glint "$root"/tmp/venv/lib/python3*/site-packages/glint.libs 2>/dev/null | awk '{ s += $1 } END { print int(s / 1024) }')"
echo "test-wheel: $(basename "$wheel") ($(du -h "$wheel" | cut -f1)) installed $installed MB in a bare Debian 12 root and passed its tests there"
