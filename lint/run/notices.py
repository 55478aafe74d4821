"""How warnings raised during analysis reach the user: one line on stderr each, once.

Analysis never prints: a user pattern that ran out of time raises
:class:`~anchorlint.config.PatternTimeout` through :mod:`warnings`. A process that
lints (the command line, each pool worker) calls :func:`show_once` first, so every such
warning is printed once per process as ``anchorlint: warning: …``.
"""

from __future__ import annotations

import sys
import warnings
from typing import TextIO

from anchorlint.config import PatternTimeout, TranscriptNote, WalkNote
from anchorlint.safe_text import terminal


def show_once() -> None:
    """Print anchorlint's own warnings as one line each, once per message and process."""
    warnings.filterwarnings("once", category=PatternTimeout)
    warnings.filterwarnings("once", category=TranscriptNote)
    warnings.filterwarnings("once", category=WalkNote)
    default = warnings.showwarning

    def show(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        if issubclass(category, (PatternTimeout, TranscriptNote, WalkNote)):
            print(f"anchorlint: warning: {terminal(str(message))}", file=file or sys.stderr)
        else:
            default(message, category, filename, lineno, file, line)

    if getattr(warnings.showwarning, "__module__", "") != __name__:
        warnings.showwarning = show
