#!/usr/bin/env bash
# Builds the Qt 6 example against Glint installed in a scratch prefix and drives it under Xvfb
# (Examples/desktop/test-example.sh, drive.py). Needs xvfb, xdotool, x11-apps (xwd), python3-numpy.
#   Examples/qt/test.sh [LIBRARY]    LIBRARY: a built libGlintC.so (default $GLINT_LIBRARY, else .build/debug's)
exec "$(dirname "$0")/../desktop/test-example.sh" qt "$@"
