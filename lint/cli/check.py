"""``anchorlint check``: paths or stdin in, a report of the sorted findings out.

Store problems become usage errors (exit 2); internal errors are printed on stderr before the
report and make the exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from anchorlint.cli.check_args import add_check_arguments
from anchorlint.cli.common import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    EXIT_USAGE,
    UsageError,
    discovered,
    note_unsummarised,
    settings_for,
    warn_no_summary,
)
from anchorlint.cli.summary import (
    note,
    plural,
    shows_summary,
    summary_line,
    use_color,
    warn,
)
from anchorlint.config import Settings
from anchorlint.findings import Finding
from anchorlint.safe_text import terminal

if TYPE_CHECKING:
    from anchorlint.reporters.baseline import Filter
    from anchorlint.run.pool import Run


def add_subcommands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    check = subparsers.add_parser("check", help="lint summaries and compactor code")
    add_check_arguments(check)
    _add_row_options(check)
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
    if args.write_baseline and args.baseline:
        raise UsageError("give --write-baseline or --baseline, not both")
    settings = _row_overrides(args, settings_for(args))
    if args.verbose:
        note(f"configuration: {settings.source}")
    if args.show_settings:
        return show_settings(settings)
    if args.show_files:
        return show_files(args, settings)
    if args.diff:
        return diff(args, settings)
    from anchorlint.reporters import available

    reporters = available()
    if args.format not in reporters:
        raise UsageError(
            f"unknown --format {args.format!r}; choose from {', '.join(sorted(reporters))}"
        )
    if (args.paths or ["."]) == ["-"] and args.fix:
        from anchorlint.cli.check_stdin import fix_stdin

        return fix_stdin(args, settings)
    baseline = _baseline_filter(args.baseline) if args.baseline else None  # before the work
    result, fixed = run(args, settings)
    with result:
        if args.write_baseline:
            return _write_baseline(args, result)
        status = report(args, result.findings(), fixed, baseline)
        return EXIT_USAGE if result.errors else status


def report(
    args: argparse.Namespace,
    findings: Iterable[Finding],
    fixed: int | None,
    hidden: Filter | None = None,
) -> int:
    """Write the report of ``findings`` (those ``hidden``, a baseline, does not know) in
    ``--format``, and the summary where one is read; the exit status."""
    from anchorlint.reporters import ReportOptions, Tally, available

    tally = Tally()
    if hidden is not None:
        findings = hidden.new(findings)
    out = _open_output(args)
    try:
        options = ReportOptions(color=use_color(args.color, out), statistics=args.statistics)
        available()[args.format](tally.count(findings), out, options)
        if args.statistics:
            tally.write(out if args.format == "flake8" else sys.stderr)
        if shows_summary(args.format, out, args.quiet):
            out.write(
                summary_line(tally.total, tally.fixable, fixed, hidden.hidden if hidden else 0)
                + "\n"
            )
        elif fixed and not args.quiet:
            note(f"fixed {plural(fixed, 'finding')} ({tally.total} remaining)")
    finally:
        if out is not sys.stdout:
            out.close()
    if fixed and args.exit_non_zero_on_fix:
        return EXIT_FINDINGS
    return EXIT_CLEAN if args.exit_zero or not tally.total else EXIT_FINDINGS


def _baseline_filter(source: Path) -> Filter:
    from anchorlint.reporters.baseline import BaselineError, Filter

    try:
        return Filter.of(source)
    except BaselineError as exc:
        raise UsageError(str(exc)) from None


def _write_baseline(args: argparse.Namespace, result: Run) -> int:
    from anchorlint.reporters.baseline import BaselineError, write

    try:
        count = write(result.findings(), args.write_baseline)
    except BaselineError as exc:
        raise UsageError(str(exc)) from None
    note(
        f"recorded {plural(count, 'finding')} in {args.write_baseline}; "
        f"--baseline {args.write_baseline} reports only new ones",
        args.quiet,
    )
    return EXIT_USAGE if result.errors else EXIT_CLEAN


def show_settings(settings: Settings) -> int:
    """``--show-settings``: the file the settings came from, and every key, as JSON."""
    import dataclasses
    import json

    from anchorlint.safe_text import json_text, terminal

    values = dataclasses.asdict(settings)
    sys.stdout.write(f"Settings path: {terminal(str(settings.source))}\n")
    sys.stdout.write(json_text(json.dumps(values, indent=2, sort_keys=True, default=str)) + "\n")
    return EXIT_CLEAN


def show_files(args: argparse.Namespace, settings: Settings) -> int:
    """``--show-files``: the files a run over the paths would lint, one a line."""
    from anchorlint.safe_text import line_path

    paths = args.paths or ["."]
    if "-" in paths:
        raise UsageError("--show-files lists files: '-' (stdin) is none")
    for path in discovered(paths, settings):
        sys.stdout.write(line_path(path) + "\n")
    return EXIT_CLEAN


def _store_error_types() -> tuple[type[BaseException], ...]:
    try:
        from anchorlint.stores import StoreError
    except ImportError:
        return ()
    return (StoreError,)


def run(args: argparse.Namespace, settings: Settings) -> tuple[Run, int | None]:
    """Lint what the command line names (after ``--fix``: the run's findings and the number
    of fixes applied, else None); store problems become usage errors (exit 2).

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


def _run(args: argparse.Namespace, settings: Settings) -> tuple[Run, int | None]:
    from anchorlint.run.pool import lint_paths

    paths = args.paths or ["."]
    if paths == ["-"]:
        from anchorlint.cli.check_stdin import lint_stdin

        return lint_stdin(args, settings), None
    if "-" in paths:
        raise UsageError("'-' (stdin) cannot be combined with other paths")
    files = discovered(paths, settings)
    if args.verbose:
        note(f"{plural(len(files), 'file')} to lint")
    _warn_if_empty(paths, files, args.quiet)
    fixed = _fix(args, settings, files) if args.fix else None
    use_cache = not args.no_cache and not args.fix
    result = lint_paths(files, settings, jobs=args.jobs, use_cache=use_cache, quiet=args.quiet)
    for error in result.errors:
        print(f"anchorlint: {terminal(str(error))}", file=sys.stderr)
    if not args.quiet:
        named = [p for p in paths if not os.path.isdir(p)]
        warn_no_summary(named, settings, result.facts, result.findings)
        if args.verbose:
            walked = sorted(set(files) - {os.path.normpath(p) for p in named} - set(named))
            note_unsummarised(walked, settings, result.facts, result.findings)
    return result, fixed


def _warn_if_empty(paths: list[str], files: list[str], quiet: bool) -> None:
    """A walk that found nothing to lint is said (exit 0 all the same), as ruff does."""
    folders = [p for p in paths if os.path.isdir(p)]
    if folders and not files:
        warn(f"no files to lint under {', '.join(folders)}", quiet)


def _fix(args: argparse.Namespace, settings: Settings, files: list[str]) -> int:
    """Apply the fixes of a first run; the number applied. When none could be made because
    pins need a store, say so instead of fixing nothing in silence."""
    from anchorlint.run.fixing import apply_fixes
    from anchorlint.run.pool import lint_paths

    unpinned = [0]

    def counting(findings: Iterable[Finding]) -> Iterator[Finding]:
        for finding in findings:
            unpinned[0] += finding.code == "ANC106" and finding.fix is None
            yield finding

    with lint_paths(files, settings, jobs=args.jobs, quiet=args.quiet) as fixing:
        fixed = apply_fixes(counting(fixing.findings()))
    if not fixed and unpinned[0] and not settings.store:
        note(
            f"nothing fixed: {plural(unpinned[0], 'ANC106 pointer')} can be pinned only against "
            "a store (set `store` in the configuration, or pass --store)",
            args.quiet,
        )
    return fixed


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
