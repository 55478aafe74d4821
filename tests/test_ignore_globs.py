"""The linear ``.gitignore`` matcher agrees with pathspec on every pattern it takes over.

Patterns with many stars in one segment are matched by :mod:`anchorlint.run.ignore_globs`
(pathspec's regexes backtrack on them); the matcher is lowered here to take every pattern,
so that ordinary ones check it against pathspec's reading over many paths.
"""

from __future__ import annotations

import itertools
import time
import warnings

import pytest

from anchorlint.run import ignore_globs

PATTERNS = [
    "*.md", "a*b", "*a*", "/x/*y*", "x/*", "x/**", "**/y*", "a/**/b*", "*a*/", "!*b*",
    "*[ab]*c", "d*/e*", "*.m?", "a*b*c*d", "/*", "*/z*", "x*\\*y", "*a*a*a*b", "foo*/**/*bar",
    "*/**", "x*/**", "[!a]*b*", "**/*", "a/**/", "*a*/**/", "*b*/", "/a*/x*", "a*/**/b*/",
]  # fmt: skip
NAMES = ["a", "b", "ab", "aab", "x", "y", "z", "d", "de", "foo", "bar", "xbar", "a.md", "b.mx",
         "abcd", "aXbYcZd", "x*y", "aaab", "c"]  # fmt: skip


@pytest.mark.parametrize("pattern", PATTERNS)
def test_agrees_with_pathspec(pattern: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from pathspec import PathSpec

        theirs = PathSpec.from_lines("gitwildmatch", [pattern])
    monkeypatch.setattr(ignore_globs, "RISKY_STARS", 1)
    ours = ignore_globs.IgnoreSpec.from_lines([pattern])
    if "*" in pattern:
        assert isinstance(ours._patterns[0], ignore_globs._Segmented)
    paths = [
        "/".join(c) for n in (1, 2, 3) for c in itertools.product(NAMES[: 19 - 5 * n], repeat=n)
    ]
    for path in paths:
        for relative in (path, path + "/"):
            assert ours.match_file(relative) == theirs.match_file(relative), relative


def test_a_backtracking_pattern_is_fast_and_right() -> None:
    spec = ignore_globs.IgnoreSpec.from_lines(["*a*a*a*a*a*a*a*a*a*a*a*b", "!keep*a*a*a*b"])
    start = time.monotonic()
    assert not spec.match_file("a" * 4000 + "1.md")
    assert spec.match_file("dir/" + "a" * 4000 + "b")
    assert not spec.match_file("keep" + "a" * 4000 + "b")
    assert time.monotonic() - start < 1
