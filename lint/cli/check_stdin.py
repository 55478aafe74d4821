"""``anchorlint check -`` : a summary or module read from stdin, as editors and hooks pipe it.

``--stdin-filename`` says which file the text stands for: its kind (any name a named file
could have), its configuration, its per-file ignores and, with ``--force-exclude``, whether
it is excluded (then nothing is reported, as ruff does). With ``--fix`` the fixed text goes
to stdout and the findings that remain to stderr, so an editor can replace its buffer.
"""

from __future__ import annotations

import argparse
import sys

from anchorlint.cli.common import EXIT_CLEAN, EXIT_FINDINGS
from anchorlint.config import Settings
from anchorlint.findings import Finding
from anchorlint.run.pool import Run

#: the name a summary on stdin stands for when ``--stdin-filename`` is not given
DEFAULT_NAME = "stdin.md"


def stdin_name(args: argparse.Namespace) -> str:
    return args.stdin_filename or DEFAULT_NAME


def excluded(name: str, settings: Settings) -> bool:
    """Whether ``--force-exclude`` drops the file stdin stands for."""
    if not settings.force_exclude:
        return False
    from anchorlint.run.discovery import is_excluded

    return is_excluded(name, settings)


def _lint(name: str, data: bytes, settings: Settings) -> list[Finding]:
    from anchorlint.run.engine import lint_bytes

    return [] if excluded(name, settings) else lint_bytes(name, data, settings)


#: the most stdin is read: a named file is read in pieces (a file of records) or checked for
#: its kind first, but stdin is one stream read whole, and ``< /dev/zero`` or an endless pipe
#: grew to 6 GB in ten seconds. Far above any summary or module an editor pipes.
STDIN_LIMIT = 256 << 20


def read_stdin(whole: bool = False) -> bytes:
    """stdin's bytes, never more than :data:`STDIN_LIMIT` (a usage error past it). Unless
    ``whole`` (``--fix`` echoes what it cannot fix), only the first 8 KB when they are
    binary: a named file is judged from them, ANC001 without reading the rest."""
    from anchorlint.cli.common import UsageError
    from anchorlint.run.reading import BINARY_SNIFF, sniff_binary

    stream = sys.stdin.buffer
    chunks = [stream.read(BINARY_SNIFF)]
    if len(chunks[0]) < BINARY_SNIFF or (not whole and sniff_binary(chunks[0]) is not None):
        return chunks[0]
    size = len(chunks[0])
    while chunk := stream.read(1 << 20):
        chunks.append(chunk)
        size += len(chunk)
        if size > STDIN_LIMIT:
            raise UsageError(
                f"stdin holds more than {STDIN_LIMIT >> 20} MB: name the file instead of piping it"
            )
    return b"".join(chunks)


def lint_stdin(args: argparse.Namespace, settings: Settings) -> Run:
    return Run.of(_lint(stdin_name(args), read_stdin(), settings))


def fix_stdin(args: argparse.Namespace, settings: Settings) -> int:
    """The fixed text on stdout, what remains reported on stderr; exit 1 if anything does
    (or, with ``--exit-non-zero-on-fix``, if anything was fixed)."""
    from anchorlint.run.fixing import FixError, apply_edits
    from anchorlint.run.reading import Unreadable, decode
    from anchorlint.safe_text import terminal

    name, data = stdin_name(args), read_stdin(whole=True)
    text = decode(data)
    if isinstance(text, Unreadable):  # nothing to fix: echo the input, report ANC001
        sys.stdout.buffer.write(data)
        return _report_rest(args, _lint(name, data, settings), 0)
    found = _lint(name, data, settings)
    edits = {e for f in found if f.fix for e in f.fix.edits}
    try:
        fixed = apply_edits(text, name, edits) if edits else text
    except FixError as exc:
        print(f"anchorlint: {terminal(f'{name}: not fixed: {exc}')}", file=sys.stderr)
        fixed = text
    sys.stdout.write(fixed)
    sys.stdout.flush()
    if fixed == text:
        return _report_rest(args, found, 0)
    return _report_rest(args, _lint(name, fixed.encode("utf-8"), settings), len(edits))


def _report_rest(args: argparse.Namespace, findings: list[Finding], applied: int) -> int:
    from anchorlint.reporters import ReportOptions, available

    reporter = available()[args.format]
    reporter(findings, sys.stderr, ReportOptions())
    if not args.quiet:
        from anchorlint.cli.summary import summary_line

        fixable = sum(1 for f in findings if f.fix is not None)
        print(summary_line(len(findings), fixable, applied, 0), file=sys.stderr)
    if applied and args.exit_non_zero_on_fix:
        return EXIT_FINDINGS
    return EXIT_CLEAN if args.exit_zero or not findings else EXIT_FINDINGS
