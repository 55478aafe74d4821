"""Stable fingerprints of findings: the same problem keeps its key while the text around it moves.

A baseline (``--baseline``), SARIF ``partialFingerprints`` and a table of findings written by
``lint_batch`` all need to recognise one finding across two runs in which the summary changed
elsewhere. Line numbers shift as soon as a line is added above, and messages may carry figures
(a density) that change with unrelated edits, so neither is part of the key. The key is:

- the rule's code;
- the unit the finding belongs to: a file's path, or a record's id;
- the finding's line, normalised (whitespace runs folded to one space, ends stripped): an edit
  elsewhere in the file or record leaves it alone, an edit of that line makes a new finding.
  Cross-record findings, made after the text is gone, use the anchor as written (ANC107) or
  nothing (the history rules, which judge a summary as a whole) instead of the line;
- the occurrence index: the n-th finding of that code on an identical line of that unit, counted
  in position order, so two equal lines keep two distinct keys.

The digest is the first 32 hex digits of a SHA-256 over those four fields, which keeps the key
opaque and short while collisions stay out of reach for any real number of findings.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

__all__ = ["fingerprint", "fingerprints", "line_context", "normalise", "run_context"]

#: the version of the key's recipe: bumped if the fields ever change, so old baselines miss
#: cleanly instead of matching something else
VERSION = "1"


class Located(Protocol):
    """What a fingerprint needs of a finding (``anchorlint.findings.Finding`` has it)."""

    @property
    def code(self) -> str: ...

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


def normalise(text: str) -> str:
    """``text`` with every run of whitespace folded to one space and both ends stripped."""
    return " ".join(text.split())


def fingerprint(code: str, unit: str, line_text: str, occurrence: int = 0) -> str:
    """The key of the ``occurrence``-th finding of ``code`` on a line reading ``line_text``
    (before normalisation) in ``unit`` (a path or a record id)."""
    fields = (VERSION, code, unit, normalise(line_text), str(occurrence))
    digest = hashlib.sha256("\x1f".join(fields).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:32]


def line_context(lines: Sequence[str]) -> Callable[[Located], str]:
    """The context of a finding made where the text is: its line (1-based) of ``lines``, or
    "" when it is out of range (a finding at the start of an empty summary)."""

    def context(item: Located) -> str:
        return lines[item.line - 1] if 1 <= item.line <= len(lines) else ""

    return context


def run_context(anchor_texts: Mapping[tuple[int, int], str]) -> Callable[[Located], str]:
    """The context of a cross-record finding, made where the text is no longer at hand: for
    ANC107 the anchor as written (``anchor_texts`` by line and column), for the history rules
    nothing, as they judge the summary as a whole (its occurrence index tells them apart)."""

    def context(item: Located) -> str:
        return anchor_texts.get((item.line, item.column), "") if item.code == "ANC107" else ""

    return context


def fingerprints(
    findings: Iterable[Located], unit: str, context: Callable[[Located], str]
) -> list[str]:
    """Fingerprints of ``findings`` of one unit, in the order given.

    ``context(finding)`` is the text the key depends on (:func:`line_context`,
    :func:`run_context`). Occurrences are counted in position order (line, column, code),
    whatever order the findings arrive in, so the keys do not depend on how a run sorted or
    batched its output.
    """
    items = list(findings)
    order = sorted(range(len(items)), key=lambda i: (items[i].line, items[i].column, items[i].code))
    seen: dict[tuple[str, str], int] = {}
    keys = [""] * len(items)
    for index in order:
        item = items[index]
        text = normalise(context(item))
        count = seen.get((item.code, text), 0)
        seen[(item.code, text)] = count + 1
        keys[index] = fingerprint(item.code, unit, text, count)
    return keys
