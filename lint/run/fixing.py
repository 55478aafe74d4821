"""``check --fix``: apply the TextEdits of findings' fixes, one atomic rewrite per file;
``check --diff``: print them as a unified diff instead.

Edits are in the front ends' coordinates (1-based line and column, end exclusive, columns in
characters of the decoded text, a leading BOM not counted). Lines end at ``\\n`` for plain
text and JSON, and also at a lone ``\\r`` for Markdown and Python, as their parsers count.
A file is written through :func:`anchorlint.stores.pinning.write_atomically` (temporary file in the
same directory, fsync, rename; mode kept; refused when the file changed after it was read),
so its encoding, BOM and line endings outside the edited spans are left as they were. A file
whose edits overlap or fall outside it is left untouched and reported on stderr.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

import regex

from anchorlint.findings import Finding, TextEdit
from anchorlint.run.diffs import unified
from anchorlint.run.kinds import kind_of
from anchorlint.safe_text import terminal
from anchorlint.stores.pinning import BOM, PinError, _decode, write_atomically

_UNIVERSAL = regex.compile(r"\r\n|\r|\n")
_NEWLINE = regex.compile(r"\n")


class FixError(Exception):
    """The fixes of one file cannot be applied safely; the file is left as it was."""


def _line_starts(text: str, path: str) -> list[int]:
    kind = kind_of(path)  # a file of no known kind has no fixes: only \n ends its lines
    lone_cr = kind is not None and kind.lone_cr
    pattern = _UNIVERSAL if lone_cr else _NEWLINE
    return [0, *(m.end() for m in pattern.finditer(text))]


def _offset(starts: list[int], text: str, line: int, column: int) -> int:
    if not 1 <= line <= len(starts) or column < 1:
        raise FixError(f"edit position {line}:{column} is outside the file")
    offset = starts[line - 1] + column - 1
    limit = starts[line] if line < len(starts) else len(text)
    if offset > limit:
        raise FixError(f"edit position {line}:{column} is past the end of its line")
    return offset


def apply_edits(text: str, path: str, edits: Iterable[TextEdit]) -> str:
    """``text`` with ``edits`` applied; raises FixError for overlapping or outside edits."""
    starts = _line_starts(text, path)
    spans = sorted(
        (
            _offset(starts, text, e.line, e.column),
            _offset(starts, text, e.end_line, e.end_column),
            e.new_text,
        )
        for e in set(edits)
    )
    for (_, end, _), (next_start, _, _) in zip(spans, spans[1:], strict=False):
        if end > next_start:
            raise FixError("fixes overlap")
    pieces, cursor = [], 0
    for start, end, new_text in spans:
        if end < start:
            raise FixError("an edit ends before it starts")
        pieces += [text[cursor:start], new_text]
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)


def fix_file(path: str, edits: Iterable[TextEdit], *, write: bool = True) -> tuple[int, str, str]:
    """Apply ``edits`` to one file atomically (unless ``write`` is false).

    Returns the number of edits that change the file, and its text (a BOM included) before
    and after.
    """
    edits = list(set(edits))
    target = Path(path)
    original = target.read_bytes()
    text, bom = _decode(original, target)
    fixed = apply_edits(text, path, edits) if edits else text
    mark = BOM if bom else ""
    if fixed == text:
        return 0, mark + text, mark + text
    if write:
        write_atomically(target, (mark + fixed).encode("utf-8"), original)
    return len(edits), mark + text, mark + fixed


def apply_fixes(findings: Iterable[Finding], *, diff: TextIO | None = None) -> int:
    """Apply every finding's fix, file by file; the number of edits that change files.

    With ``diff``, nothing is written: each file's change goes there as a unified diff. A
    file that cannot be fixed safely (changed meanwhile, not UTF-8, overlapping edits,
    unwritable) is reported on stderr in one line and left untouched; the others go on.
    """
    by_path: dict[str, list[TextEdit]] = defaultdict(list)
    for found in findings:
        if found.fix is not None:
            by_path[found.path].extend(found.fix.edits)
    applied = 0
    for path in sorted(by_path):
        try:
            count, before, after = fix_file(path, by_path[path], write=diff is None)
        except (FixError, PinError, OSError) as exc:
            print(terminal(f"anchorlint: {path}: not fixed: {exc}"), file=sys.stderr)
            continue
        applied += count
        if diff is not None and count:
            diff.writelines(unified(path, before, after))
    return applied
