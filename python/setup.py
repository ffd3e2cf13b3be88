"""Builds the wheel with the C library inside it: `deploy/bundle-libglint.sh` builds libGlintC.so (release) and
puts it, with the Swift runtime libraries it loads, into glint/_lib, so the package imports where no Swift
toolchain is installed. GLINT_LIBRARY=path/libGlintC.so bundles an already built library instead."""
import os
import pathlib
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools before 70.1
    from wheel.bdist_wheel import bdist_wheel

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


class AnyPythonWheel(bdist_wheel):
    """py3-none-PLATFORM: the package loads its library through ctypes, so one wheel serves every Python 3."""

    def get_tag(self):
        return ("py3", "none", super().get_tag()[2])


setup(cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": AnyPythonWheel}, distclass=NativeDistribution)
