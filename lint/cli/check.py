"""One ``anchorlint check`` run: paths or stdin in, a run whose sorted findings stream out."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from anchorlint.config import Settings

if TYPE_CHECKING:
    from anchorlint.run.pool import Run


def _store_error_types() -> tuple[type[BaseException], ...]:
    try:
        from anchorlint.stores import StoreError
    except ImportError:
        return ()
    return (StoreError,)


def run(args: argparse.Namespace, settings: Settings) -> Run:
    """Lint what the command line names; store problems become usage errors (exit 2).

    Internal errors are on stderr before this returns, so before any of the report.
    """
    from anchorlint.cli.app import UsageError

    try:
        return _run(args, settings)
    except _store_error_types() as exc:
        raise UsageError(f"store: {exc}") from None


def _run(args: argparse.Namespace, settings: Settings) -> Run:
    from anchorlint.cli.app import UsageError
    from anchorlint.run.engine import kind_of, lint_bytes
    from anchorlint.run.pool import Run, stream_paths

    paths = args.paths or ["."]
    if paths == ["-"]:
        name = args.stdin_filename or "stdin.md"
        if kind_of(name) is None:
            raise UsageError(
                f"--stdin-filename {name!r} has no known suffix (.md, .txt, .json, .jsonl, .py)"
            )
        return Run.of(lint_bytes(name, sys.stdin.buffer.read(), settings))
    if "-" in paths:
        raise UsageError("'-' (stdin) cannot be combined with other paths")
    files = _discovered(paths, settings)
    if args.fix:
        from anchorlint.run.fixing import apply_fixes

        with stream_paths(files, settings, jobs=args.jobs) as fixing:
            apply_fixes(fixing.findings())
    use_cache = not args.no_cache and not args.fix
    result = stream_paths(files, settings, jobs=args.jobs, use_cache=use_cache)
    for error in result.errors:
        print(f"anchorlint: {error}", file=sys.stderr)
    if result.errors:
        args.internal_errors = len(result.errors)
    return result


def diff(args: argparse.Namespace, settings: Settings) -> int:
    """``check --diff``: every fix as a unified diff on stdout; nothing written, no report.

    Exit 1 when some file would change, 0 when none would, 2 on a usage error.
    """
    from anchorlint.cli.app import EXIT_CLEAN, EXIT_FINDINGS, UsageError
    from anchorlint.run.fixing import apply_fixes
    from anchorlint.run.pool import stream_paths

    paths = args.paths or ["."]
    if "-" in paths:
        raise UsageError("--diff needs files: a summary read from stdin has nowhere to apply")
    try:
        files = _discovered(paths, settings)
        with stream_paths(files, settings, jobs=args.jobs) as fixing:
            changed = apply_fixes(fixing.findings(), diff=sys.stdout)
    except _store_error_types() as exc:
        raise UsageError(f"store: {exc}") from None
    return EXIT_FINDINGS if changed and not args.exit_zero else EXIT_CLEAN


def _discovered(paths: list[str], settings: Settings) -> list[str]:
    from anchorlint.cli.app import UsageError
    from anchorlint.run.discovery import discover

    missing = [p for p in paths if not _exists(p)]
    if missing:
        raise UsageError(f"no such file or directory: {missing[0]}")
    return list(discover(paths, settings))


def _exists(path: str) -> bool:
    import os

    return os.path.lexists(path)
