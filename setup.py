"""Package discovery for the two source roots: ``lint/`` is ``anchorlint``, ``rules/`` is
``anchorlint.rules`` (``package-dir`` in pyproject.toml). Every folder below them holding an
``__init__.py`` is a package, so adding a subpackage needs no edit to the build files."""

from pathlib import Path

from setuptools import setup

HERE = Path(__file__).parent


def _packages(root: str, name: str) -> list[str]:
    found = []
    for marker in sorted((HERE / root).rglob("__init__.py")):
        parts = marker.parent.relative_to(HERE / root).parts
        found.append(".".join((name, *parts)))
    return found


setup(packages=_packages("lint", "anchorlint") + _packages("rules", "anchorlint.rules"))
