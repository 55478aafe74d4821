"""Which codes a run reports: select / ignore / extend-select and per-file-ignores.

Codes and prefixes (``ANC1``, ``ANC30``) work like ruff's: the most specific selector wins,
and at equal specificity ignore beats select.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import PurePath

from anchorlint.config import ConfigError, Settings
from anchorlint.registry import default_enabled, known_codes


def validate_selectors(selectors: Iterable[str], source: str, key: str) -> tuple[str, ...]:
    """``selectors`` upper-cased, ``ALL`` as ``ANC``; an unknown one is a ConfigError naming
    ``source`` and ``key``."""
    codes = known_codes()
    checked = []
    for selector in selectors:
        upper = selector.strip().upper()
        if upper == "ALL":
            upper = "ANC"
        if not any(code.startswith(upper) for code in codes):
            raise ConfigError(source, key, f"unknown rule code or prefix {selector!r}")
        checked.append(upper)
    return tuple(checked)


@dataclass(frozen=True)
class Selection:
    enabled: frozenset[str]
    per_file: tuple[tuple[str, tuple[str, ...]], ...]
    root: str
    #: other tools' codes a suppression may name (``external``)
    external: tuple[str, ...] = ()

    @classmethod
    def from_settings(cls, settings: Settings) -> Selection:
        src = settings.source
        select = validate_selectors(settings.select, src, "select")
        extend = validate_selectors(settings.extend_select, src, "extend-select")
        ignore = validate_selectors(settings.ignore + settings.extend_ignore, src, "ignore")
        per_file = tuple(
            (pattern, validate_selectors(codes, src, f"per-file-ignores.{pattern}"))
            for pattern, codes in _items(settings.per_file_ignores)
        )
        every = sorted(known_codes())  # from the rules' module names: none is imported
        defaults = {c for c in every if default_enabled(c)}
        enabled = set()
        for code in every:
            chosen = _most_specific(code, select + extend, ignore)
            if chosen is None:
                chosen = code in defaults and not select
            enabled.add(code) if chosen else None
        external = tuple(code.strip().upper() for code in settings.external if code.strip())
        return cls(frozenset(enabled), per_file, settings.root, external)

    def ignored_for(self, path: str) -> frozenset[str]:
        if not self.per_file:
            return frozenset()
        name = PurePath(
            os.path.relpath(os.path.abspath(path), os.path.abspath(self.root))
        ).as_posix()
        ignored: set[str] = set()
        for pattern, codes in self.per_file:
            if fnmatch.fnmatch(name, pattern) or fnmatch.fnmatch(PurePath(path).name, pattern):
                ignored.update(codes)
        return frozenset(ignored)

    def reports(self, code: str, ignored: frozenset[str] = frozenset()) -> bool:
        if not ignored:  # most files: no per-file ignores
            return code in self.enabled
        return code in self.enabled and not any(code.startswith(p) for p in ignored)


def _items(mapping: Mapping[str, tuple[str, ...]]) -> list[tuple[str, tuple[str, ...]]]:
    return sorted(mapping.items())


def _most_specific(code: str, select: tuple[str, ...], ignore: tuple[str, ...]) -> bool | None:
    best_len, verdict = -1, None
    for selector in select:
        if code.startswith(selector) and len(selector) > best_len:
            best_len, verdict = len(selector), True
    for selector in ignore:
        if code.startswith(selector) and len(selector) >= best_len:
            best_len, verdict = len(selector), False
    return verdict
