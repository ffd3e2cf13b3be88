"""Builds the wheel with the C library inside it: `deploy/bundle-libglint.sh` builds libGlintC.so (release) and
puts it, with the Swift runtime libraries it loads, into glint/_lib, so the package imports where no Swift
toolchain is installed. GLINT_LIBRARY=path/libGlintC.so bundles an already built library instead."""
import os
import pathlib
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent


class BuildWithLibrary(build_py):
    """The Python files, then the native library bundle beside them."""

    def run(self):
        super().run()
        bundle = pathlib.Path(self.build_lib) / "glint" / "_lib"
        command = [str(REPOSITORY / "deploy" / "bundle-libglint.sh"), str(bundle)]
        if os.environ.get("GLINT_LIBRARY"):
            command.append(os.environ["GLINT_LIBRARY"])
        subprocess.run(command, check=True)
        # Wheels hold no symbolic links: the package loads libGlintC.so.1 by that name.
        (bundle / "libGlintC.so").unlink(missing_ok=True)


class NativeDistribution(Distribution):
    """A platform wheel (linux_x86_64), since it carries native libraries."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildWithLibrary}, distclass=NativeDistribution)
