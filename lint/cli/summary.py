"""What a run says besides its findings: the closing line, fixes, colour and notes.

Like ruff, a run ends with ``Found N findings (M fixable).`` or ``All checks passed!``, but
only where a person reads it: after the ``full`` format, and after the default format when
it goes to a terminal. A piped ``flake8``-format report (what editors and CI parse), and the
machine formats (json, sarif, github, parquet), stay exactly the findings.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO


def use_color(choice: str, stream: TextIO) -> bool:
    """``--color``: never, always, or (auto) a terminal, unless ``NO_COLOR`` is set;
    ``FORCE_COLOR`` colours a pipe too (the conventions of no-color.org and force-color.org)."""
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def shows_summary(report_format: str, out: TextIO, quiet: bool) -> bool:
    """Whether a person reads this report: ``full``, or the default format on a terminal."""
    if quiet:
        return False
    if report_format == "full":
        return True
    try:
        return report_format == "flake8" and out.isatty()
    except (AttributeError, ValueError):
        return False


def plural(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def summary_line(total: int, fixable: int, fixed: int | None, hidden: int) -> str:
    """``Found 3 findings (1 fixable with --fix).``, ``Found 4 findings (1 fixed, 3
    remaining).``, ``All checks passed!``; findings a baseline hid are said apart."""
    parts = []
    if fixed:
        parts += [f"{fixed} fixed", f"{total} remaining"]
    elif fixable:
        parts.append(f"{fixable} fixable with --fix")
    if hidden:
        parts.append(f"{hidden} more hidden by the baseline")
    details = f" ({', '.join(parts)})" if parts else ""
    if not total and not fixed:
        return f"All checks passed!{details}"
    return f"Found {plural(total + (fixed or 0), 'finding')}{details}."


def warn(message: str, quiet: bool = False) -> None:
    """One warning line on stderr (``-q`` silences it)."""
    if not quiet:
        from anchorlint.safe_text import terminal

        print(f"anchorlint: warning: {terminal(message)}", file=sys.stderr)


def note(message: str, quiet: bool = False) -> None:
    """One line on stderr that is neither a finding nor a problem (``-q`` silences it)."""
    if not quiet:
        from anchorlint.safe_text import terminal

        print(f"anchorlint: {terminal(message)}", file=sys.stderr)
