"""``.gitignore`` patterns matched in time linear in the path, whatever the pattern.

A ``.gitignore`` comes with the repository, so a pull request chooses it. pathspec turns each
``*`` into ``[^/]*``, and Python's backtracking engine tries every way to split a name among
them: ``*a*a*a*a*a*a*a*a*b`` against a 60-letter name of ``a`` takes minutes. Ordinary
patterns stay with pathspec; a pattern with three or more ``*`` in one path segment is
matched here instead, segment by segment, each star but the last made atomic the way
:func:`fnmatch.translate` does it (the shortest run up to the next fixed part, never tried
again: for single-character parts that first fit is always the right one). ``**`` segments
are matched by a table over segments, not by a regex, so they cannot multiply either.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: at this many single stars in one segment a pattern is matched here, not by pathspec
RISKY_STARS = 3

_DOUBLE = "**"


@dataclass(frozen=True)
class _Segmented:
    """One gitignore line as segment matchers (``None`` stands for ``**``)."""

    segments: tuple[re.Pattern[str] | None, ...]
    include: bool
    dir_only: bool
    #: the line ended in ``/**``: a folder path (``x/``) matches as if it held something
    inside: bool = False

    def matches(self, relative: str) -> bool:
        """Whether the path (``/``-separated; a trailing ``/`` marks a folder) or one of the
        folders it lies in matches, as gitignore reads a pattern."""
        is_dir = relative.endswith("/")
        parts = [p for p in relative.split("/") if p]
        if self.inside and is_dir:
            parts.append("")
        for end in range(1, len(parts) + 1):
            folder = end < len(parts) or is_dir
            if self.dir_only and not folder:
                continue
            if _match_segments(self.segments, parts[:end]):
                return True
        return False


class IgnoreSpec:
    """The patterns of one ``.gitignore``, in order: the last one that matches decides."""

    def __init__(self, patterns: Sequence[Any]) -> None:
        self._patterns = patterns

    @classmethod
    def from_lines(cls, lines: Iterable[str]) -> IgnoreSpec:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            from pathspec.patterns import GitWildMatchPattern

            patterns: list[Any] = []
            for line in lines:
                own = _segmented(line)
                if own is not None:
                    patterns.append(own)
                    continue
                pattern = GitWildMatchPattern(line)
                if pattern.include is not None:
                    patterns.append(pattern)
        return cls(patterns)

    def match_file(self, relative: str) -> bool:
        ignored = False
        for pattern in self._patterns:
            if isinstance(pattern, _Segmented):
                if pattern.matches(relative):
                    ignored = pattern.include
            elif pattern.match_file(relative) is not None:
                ignored = bool(pattern.include)
        return ignored


def _segmented(line: str) -> _Segmented | None:
    """The line as segment matchers when some segment has :data:`RISKY_STARS` or more single
    stars (and the line is a pattern at all); None leaves it to pathspec."""
    text = _strip_trailing_spaces(line.rstrip("\r\n"))
    if not text or text.startswith("#"):
        return None
    include = True
    if text.startswith("!"):
        include, text = False, text[1:]
    elif text.startswith(("\\!", "\\#")):
        text = text[1:]
    dir_only = text.endswith("/") and not text.endswith("\\/")
    text = text.rstrip("/") if dir_only else text
    anchored = "/" in text
    raw = [s for s in text.split("/") if s]
    if not raw or not any(_single_stars(s) >= RISKY_STARS for s in raw):
        return None
    if not anchored:
        raw = [_DOUBLE, *raw]
    inside = raw[-1] == _DOUBLE and len(raw) > 1
    if inside:  # "a/**" (or "a/**/", as pathspec reads it): everything inside a, not a
        raw, dir_only = [*raw[:-1], "*", _DOUBLE], False
    segments = tuple(None if s == _DOUBLE else _segment_regex(s) for s in raw)
    return _Segmented(segments, include, dir_only, inside)


def _strip_trailing_spaces(text: str) -> str:
    stripped = text.rstrip(" ")
    if stripped.endswith("\\") and len(stripped) < len(text):
        return stripped + " "  # "\ " keeps one space
    return stripped


def _single_stars(segment: str) -> int:
    return segment.replace(_DOUBLE, "*").count("*")


def _segment_regex(segment: str) -> re.Pattern[str]:
    """One segment glob as a regex no input can make backtrack: every star followed by a
    later star is atomic (``(?=(?P<g>.*?X))(?P=g)``), as in :func:`fnmatch.translate`."""
    parts = _glob_parts(segment)
    out: list[str] = []
    index, group = 0, 0
    while index < len(parts) and parts[index] is not None:
        out.append(str(parts[index]))
        index += 1
    while index < len(parts):
        index += 1  # a star
        fixed: list[str] = []
        while index < len(parts) and parts[index] is not None:
            fixed.append(str(parts[index]))
            index += 1
        if index == len(parts):
            out.append(".*" + "".join(fixed))
        else:
            group += 1
            out.append(f"(?=(?P<g{group}>.*?{''.join(fixed)}))(?P=g{group})")
    return re.compile("".join(out), re.DOTALL)


def _glob_parts(segment: str) -> list[str | None]:
    """A segment as regex pieces, one a character; ``None`` for a star (runs collapsed)."""
    parts: list[str | None] = []
    index = 0
    while index < len(segment):
        char = segment[index]
        index += 1
        if char == "*":
            if not parts or parts[-1] is not None:
                parts.append(None)
        elif char == "?":
            parts.append(".")
        elif char == "\\" and index < len(segment):
            parts.append(re.escape(segment[index]))
            index += 1
        elif char == "[":
            piece, index = _bracket(segment, index)
            parts.append(piece)
        else:
            parts.append(re.escape(char))
    return parts


def _bracket(segment: str, index: int) -> tuple[str, int]:
    """A ``[...]`` class from just after its ``[``; an unclosed one is a literal ``[``."""
    end = index
    if end < len(segment) and segment[end] in "!^":
        end += 1
    if end < len(segment) and segment[end] == "]":
        end += 1
    end = segment.find("]", end)
    if end < 0:
        return re.escape("["), index
    body = segment[index:end]
    negate = body[:1] in ("!", "^")
    body = body[1:] if negate else body
    body = body.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")
    return f"[{'^' if negate else ''}{body}]", end + 1


def _match_segments(pattern: Sequence[re.Pattern[str] | None], parts: Sequence[str]) -> bool:
    """Segment matchers against path segments; ``None`` takes any number of segments. A
    table over (pattern, path) positions: time is their product, never exponential."""
    reachable = {0}
    for matcher in pattern:
        following: set[int] = set()
        for at in sorted(reachable):
            if matcher is None:
                following.update(range(at, len(parts) + 1))
            elif at < len(parts) and matcher.fullmatch(parts[at]) is not None:
                following.add(at + 1)
        reachable = following
        if not reachable:
            return False
    return len(parts) in reachable
