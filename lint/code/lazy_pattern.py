"""Regular expressions compiled when first used, for the code modules and the code rules.

Importing what one compactor file needs used to compile some sixty patterns, and such a file
used fourteen of them: the others belong to shapes it does not have (tool results, prompts,
kept state, generated headers) or to prefilter triggers that were never asked because an
earlier one had fired. A :class:`LazyPattern` keeps the pattern's text and compiles it at its
first use; it then holds the compiled pattern's bound methods, so later calls go straight to
them with no wrapper in between.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any


class LazyPattern:
    """``re.compile(pattern, flags)``, done at the first use of a method or attribute of the
    compiled pattern. Equal, as compiled patterns are, when pattern and flags are."""

    # set on the instance at first use (until then :meth:`__getattr__` finds them missing)
    search: Callable[..., re.Match[str] | None]
    match: Callable[..., re.Match[str] | None]
    fullmatch: Callable[..., re.Match[str] | None]
    finditer: Callable[..., Iterator[re.Match[str]]]
    findall: Callable[..., list[Any]]
    sub: Callable[..., str]
    split: Callable[..., list[Any]]

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def __getattr__(self, name: str) -> Any:
        """Called only for a name the instance lacks: compile, keep the methods, answer."""
        if name.startswith("_"):
            raise AttributeError(name)  # copy and pickle probes need no compiled pattern
        compiled = re.compile(self.pattern, self.flags)
        for method in ("search", "match", "fullmatch", "finditer", "findall", "sub", "split"):
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LazyPattern):
            return NotImplemented
        return (self.pattern, self.flags) == (other.pattern, other.flags)

    def __hash__(self) -> int:
        return hash((self.pattern, self.flags))

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self.flags!r})"
