"""``anchorlint check``: paths or stdin in, a report of the sorted findings out.

Store problems become usage errors (exit 2); internal errors are printed on stderr before the
report and make the exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from anchorlint.cli.common import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    EXIT_USAGE,
    UsageError,
    config_argument,
    discovered,
    settings_for,
    warn_no_summary,
)
from anchorlint.config import Settings
from anchorlint.safe_text import terminal

if TYPE_CHECKING:
    from anchorlint.run.pool import Run


def _codes(value: str) -> tuple[str, ...]:
    return tuple(c.strip() for c in value.split(",") if c.strip())


def add_subcommands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    check = subparsers.add_parser("check", help="lint summaries and compactor code")
    check.add_argument("paths", nargs="*", help="files or directories ('-' reads stdin)")
    # repeated options add up, as ruff's do: --select ANC1 --select ANC3 selects both
    check.add_argument(
        "--select",
        type=_codes,
        action="extend",
        help="codes or prefixes to report (replaces config; repeatable, adds up)",
    )
    check.add_argument(
        "--ignore", type=_codes, action="extend", help="codes or prefixes not to report"
    )
    check.add_argument(
        "--extend-select", type=_codes, action="extend", help="codes or prefixes to add"
    )
    check.add_argument(
        "--force-exclude",
        action="store_true",
        default=None,
        help="apply exclude patterns to files named on the command line too (pre-commit)",
    )
    config_argument(check)
    check.add_argument(
        "--format",
        "--output-format",
        dest="format",
        default="flake8",
        help="flake8 (default), json, sarif, github, full, parquet (with --output-file)",
    )
    check.add_argument("--output-file", type=Path, help="write the report here instead of stdout")
    check.add_argument("--statistics", action="store_true", help="print a count per code")
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    check.add_argument("--stdin-filename", help="the path a summary read from stdin stands for")
    check.add_argument(
        "--store", help="resolve anchors against this store (directory, SQLite, manifest)"
    )
    _add_row_options(check)
    check.add_argument("--jobs", "-j", type=int, help="worker processes (default: all cores)")
    check.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    check.add_argument("--fix", action="store_true", help="apply automatic fixes (ANC106 pinning)")
    check.add_argument(
        "--diff",
        action="store_true",
        help="write nothing; print the fixes as a unified diff, exit 1 if any",
    )
    check.set_defaults(func=run_check)


def _add_row_options(check: argparse.ArgumentParser) -> None:
    """Datasets and databases: which columns are the summary, which the id, what to read."""
    rows = check.add_argument_group("datasets and databases (docs/datasets.md)")
    rows.add_argument("--text-column", action="append", help="a text column (repeatable)")
    rows.add_argument("--id-column", help="the column that names a record (default: id)")
    rows.add_argument("--table", help="the table of a sqlite:/// or postgresql:// source")
    rows.add_argument("--query", help="a read-only SELECT instead of --table")


def _row_overrides(args: argparse.Namespace, settings: Settings) -> Settings:
    import dataclasses

    text, records = settings.text, settings.records
    if getattr(args, "text_column", None):
        text = dataclasses.replace(text, fields=tuple(args.text_column))
    for name in ("id_column", "table", "query"):
        if getattr(args, name, None):
            records = dataclasses.replace(records, **{name: getattr(args, name)})
    return dataclasses.replace(settings, text=text, records=records)


def _open_output(args: argparse.Namespace) -> TextIO:
    if args.output_file is None:
        return sys.stdout
    try:
        return open(args.output_file, "w", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {args.output_file}: {exc.strerror or exc}") from None


def run_check(args: argparse.Namespace) -> int:
    settings = _row_overrides(args, settings_for(args))
    if args.diff:
        return diff(args, settings)
    from anchorlint.reporters import ReportOptions, Tally, available

    reporters = available()
    if args.format not in reporters:
        raise UsageError(
            f"unknown --format {args.format!r}; choose from {', '.join(sorted(reporters))}"
        )
    tally = Tally()
    with run(args, settings) as result:
        out = _open_output(args)
        try:
            color = out.isatty() and not os.environ.get("NO_COLOR")
            options = ReportOptions(color=color, statistics=args.statistics)
            reporters[args.format](tally.count(result.findings()), out, options)
            if args.statistics:
                tally.write(out if args.format == "flake8" else sys.stderr)
        finally:
            if out is not sys.stdout:
                out.close()
        if result.errors:
            return EXIT_USAGE
    return EXIT_CLEAN if args.exit_zero or not tally.total else EXIT_FINDINGS


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
    try:
        return _run(args, settings)
    except _store_error_types() as exc:
        raise UsageError(store_message(exc, args, settings)) from None
    except _source_error_types() as exc:
        raise UsageError(str(exc)) from None


def _source_error_types() -> tuple[type[BaseException], ...]:
    """A dataset or database that cannot be read as asked (only imported when one was)."""
    from anchorlint.tables import SourceError

    return SourceError


def store_message(exc: BaseException, args: argparse.Namespace, settings: Settings) -> str:
    """A store error as one line: the store's own words (they name the store), and the config
    file that set it when ``--store`` did not."""
    text = str(exc)
    if not text.startswith(("store", "manifest", "unknown store")):
        text = f"store {text}"  # a plugin's own description leads its errors
    if getattr(args, "store", None) or settings.source == "<defaults>":
        return text
    return f"{text} (set in {settings.source})"


def _run(args: argparse.Namespace, settings: Settings) -> Run:
    from anchorlint.run.engine import lint_bytes
    from anchorlint.run.kinds import kind_of, stdin_suffixes
    from anchorlint.run.pool import Run, lint_paths

    paths = args.paths or ["."]
    if paths == ["-"]:
        name = args.stdin_filename or "stdin.md"
        if kind_of(name) is None:
            raise UsageError(f"--stdin-filename {name!r} has no known suffix ({stdin_suffixes()})")
        return Run.of(lint_bytes(name, sys.stdin.buffer.read(), settings))
    if "-" in paths:
        raise UsageError("'-' (stdin) cannot be combined with other paths")
    files = discovered(paths, settings)
    if args.fix:
        from anchorlint.run.fixing import apply_fixes

        with lint_paths(files, settings, jobs=args.jobs) as fixing:
            apply_fixes(fixing.findings())
    use_cache = not args.no_cache and not args.fix
    result = lint_paths(files, settings, jobs=args.jobs, use_cache=use_cache)
    for error in result.errors:
        print(f"anchorlint: {terminal(str(error))}", file=sys.stderr)
    warn_no_summary([p for p in paths if not os.path.isdir(p)], settings, result.facts)
    return result


def diff(args: argparse.Namespace, settings: Settings) -> int:
    """``check --diff``: every fix as a unified diff on stdout; nothing written, no report.

    Exit 1 when some file would change, 0 when none would, 2 on a usage error.
    """
    from anchorlint.run.fixing import apply_fixes
    from anchorlint.run.pool import lint_paths

    paths = args.paths or ["."]
    if "-" in paths:
        raise UsageError("--diff needs files: a summary read from stdin has nowhere to apply")
    try:
        files = discovered(paths, settings)
        with lint_paths(files, settings, jobs=args.jobs) as fixing:
            changed = apply_fixes(fixing.findings(), diff=sys.stdout)
    except _store_error_types() as exc:
        raise UsageError(store_message(exc, args, settings)) from None
    return EXIT_FINDINGS if changed and not args.exit_zero else EXIT_CLEAN
