"""The options of ``anchorlint check``, named and behaving as ruff's where ruff has one.

Repeated options add up (``--select ANC1 --select ANC3`` selects both); list options take
comma-separated values. Options that set a configuration key override the configuration
file's value; the ``--extend-…`` ones add to it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from anchorlint.cli.common import config_argument


def codes(value: str) -> tuple[str, ...]:
    """``ANC1,ANC302`` as ``("ANC1", "ANC302")``."""
    return tuple(c.strip() for c in value.split(",") if c.strip())


def per_file_ignore(value: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``PATTERN:CODES`` (``tests/*:ANC101,ANC102``) as one (pattern, codes) pair."""
    pattern, colon, listed = value.rpartition(":")
    if not colon or not pattern.strip() or not codes(listed):
        raise argparse.ArgumentTypeError(f"expected PATTERN:CODES, not {value!r}")
    return ((pattern.strip(), codes(listed)),)


def add_check_arguments(check: argparse.ArgumentParser) -> None:
    check.add_argument("paths", nargs="*", help="files or directories ('-' reads stdin)")
    _add_selection(check)
    _add_files(check)
    config_argument(check)
    check.add_argument(
        "--isolated", action="store_true", help="ignore every configuration file (the defaults)"
    )
    _add_output(check)
    check.add_argument("--stdin-filename", help="the path a summary read from stdin stands for")
    check.add_argument(
        "--store", help="resolve anchors against this store (directory, SQLite, manifest)"
    )
    check.add_argument("--jobs", "-j", type=int, help="worker processes (default: all cores)")
    check.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    _add_fixing(check)
    _add_baseline(check)


def _add_selection(check: argparse.ArgumentParser) -> None:
    group = check.add_argument_group("rule selection (repeatable; comma-separated codes)")
    group.add_argument(
        "--select",
        type=codes,
        action="extend",
        metavar="CODES",
        help="codes or prefixes to report (replaces config)",
    )
    group.add_argument(
        "--ignore",
        type=codes,
        action="extend",
        metavar="CODES",
        help="codes or prefixes not to report",
    )
    group.add_argument(
        "--extend-select",
        type=codes,
        action="extend",
        metavar="CODES",
        help="codes or prefixes to add",
    )
    group.add_argument(
        "--extend-ignore",
        type=codes,
        action="extend",
        metavar="CODES",
        help="codes or prefixes to ignore, added to the configured ignore",
    )
    group.add_argument(
        "--per-file-ignores",
        type=per_file_ignore,
        action="extend",
        metavar="PATTERN:CODES",
        help="ignore CODES in files matching PATTERN (replaces config's per-file-ignores)",
    )


def _add_files(check: argparse.ArgumentParser) -> None:
    group = check.add_argument_group("file selection")
    group.add_argument(
        "--exclude",
        type=codes,
        action="extend",
        metavar="GLOBS",
        help="globs a walk skips (replaces config's exclude)",
    )
    group.add_argument(
        "--extend-exclude",
        type=codes,
        action="extend",
        metavar="GLOBS",
        help="globs a walk skips, added to config's exclude",
    )
    group.add_argument(
        "--force-exclude",
        action="store_true",
        default=None,
        help="apply exclude patterns to files named on the command line and to "
        "--stdin-filename too (pre-commit)",
    )
    group.add_argument(
        "--show-files", action="store_true", help="print the files a run would lint, then exit"
    )
    group.add_argument(
        "--show-settings",
        action="store_true",
        help="print the settings a run would use and the file they came from, then exit",
    )


def _add_output(check: argparse.ArgumentParser) -> None:
    group = check.add_argument_group("output")
    group.add_argument(
        "--format",
        "--output-format",
        dest="format",
        default="flake8",
        help="flake8 (default), full, json, sarif, github, parquet (with --output-file)",
    )
    group.add_argument("--output-file", type=Path, help="write the report here instead of stdout")
    group.add_argument("--statistics", action="store_true", help="print a count per code")
    group.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    group.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour `full` output: auto (a terminal, unless NO_COLOR; FORCE_COLOR forces it)",
    )
    group.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print findings and nothing else: no summary line, no notes or warnings",
    )
    group.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="say on stderr which configuration is used and how many files are linted",
    )


def _add_fixing(check: argparse.ArgumentParser) -> None:
    group = check.add_argument_group("fixes")
    group.add_argument("--fix", action="store_true", help="apply automatic fixes (ANC106 pins)")
    group.add_argument(
        "--diff",
        action="store_true",
        help="write nothing; print the fixes as a unified diff, exit 1 if any",
    )
    group.add_argument(
        "--exit-non-zero-on-fix",
        action="store_true",
        help="with --fix, exit 1 when something was fixed, even if nothing remains",
    )


def _add_baseline(check: argparse.ArgumentParser) -> None:
    group = check.add_argument_group("baseline (adopting anchorlint on existing summaries)")
    group.add_argument(
        "--write-baseline",
        type=Path,
        metavar="FILE",
        help="record every current finding in FILE and exit 0",
    )
    group.add_argument(
        "--baseline",
        type=Path,
        metavar="FILE",
        help="report only findings FILE does not record (keys survive edits elsewhere)",
    )
