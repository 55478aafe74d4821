"""Command line: ``anchorlint check``, ``anchorlint rule`` and the subcommands of other modules.

Exit status: 0 clean, 1 findings, 2 usage or configuration error. A user error is one line
on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from anchorlint import __version__
from anchorlint.config import ConfigError, Settings, load_settings

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """A problem with the command line; reported as one line, exit 2."""


def _codes(value: str) -> tuple[str, ...]:
    return tuple(c.strip() for c in value.split(",") if c.strip())


def _add_check(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    check = subparsers.add_parser("check", help="lint summaries and compactor code")
    check.add_argument("paths", nargs="*", help="files or directories ('-' reads stdin)")
    check.add_argument(
        "--select", type=_codes, help="codes or prefixes to report (replaces config)"
    )
    check.add_argument("--ignore", type=_codes, help="codes or prefixes not to report")
    check.add_argument("--extend-select", type=_codes, help="codes or prefixes to add")
    check.add_argument("--config", type=Path, help="anchorlint.toml or pyproject.toml to use")
    check.add_argument(
        "--format", default="flake8", help="flake8 (default), json, sarif, github, full"
    )
    check.add_argument("--output-file", type=Path, help="write the report here instead of stdout")
    check.add_argument("--statistics", action="store_true", help="print a count per code")
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    check.add_argument("--stdin-filename", help="the path a summary read from stdin stands for")
    check.add_argument(
        "--store", help="resolve anchors against this store (directory, SQLite, manifest)"
    )
    check.add_argument("--jobs", "-j", type=int, help="worker processes (default: all cores)")
    check.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    check.add_argument("--fix", action="store_true", help="apply automatic fixes (ANC106 pinning)")
    check.add_argument(
        "--diff",
        action="store_true",
        help="write nothing; print the fixes as a unified diff, exit 1 if any",
    )
    check.set_defaults(func=run_check)


def _add_rule(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    rule = subparsers.add_parser("rule", help="print a rule's page")
    rule.add_argument("code", nargs="?", help="ANC101, or a rule name")
    rule.add_argument("--all", action="store_true", help="print every rule's page")
    rule.set_defaults(func=run_rule)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="anchorlint",
        description="Lint compacted summaries and compactor code for anchors that no longer resolve.",
    )
    parser.add_argument("--version", action="version", version=f"anchorlint {__version__}")
    subparsers = parser.add_subparsers(dest="command")
    _add_check(subparsers)
    _add_rule(subparsers)
    for module_name in ("anchorlint.cli.store", "anchorlint.cli.lsp"):
        try:
            module = __import__(module_name, fromlist=["add_subcommands"])
        except ImportError:
            continue
        add = getattr(module, "add_subcommands", None)
        if add is not None:
            add(subparsers)
    return parser


def settings_for(args: argparse.Namespace) -> Settings:
    """Config file settings with the command line's overrides applied."""
    settings = load_settings(getattr(args, "config", None))
    overrides = {}
    for name in ("select", "ignore", "extend_select"):
        value = getattr(args, name, None)
        if value is not None:
            overrides[name] = value
    if getattr(args, "store", None):
        overrides["store"] = os.path.abspath(args.store)
    settings = dataclasses.replace(settings, **overrides)
    from anchorlint.run.selection import Selection

    Selection.from_settings(settings)  # validates codes: unknown ones exit 2
    return settings


def _open_output(args: argparse.Namespace) -> TextIO:
    if args.output_file is None:
        return sys.stdout
    try:
        return open(args.output_file, "w", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {args.output_file}: {exc.strerror or exc}") from None


def run_check(args: argparse.Namespace) -> int:
    from anchorlint.cli import check as checkrun

    settings = settings_for(args)
    if args.diff:
        return checkrun.diff(args, settings)
    from anchorlint.reporters import ReportOptions, Tally, available

    reporters = available()
    if args.format not in reporters:
        raise UsageError(
            f"unknown --format {args.format!r}; choose from {', '.join(sorted(reporters))}"
        )
    tally = Tally()
    with checkrun.run(args, settings) as run:
        out = _open_output(args)
        try:
            color = out.isatty() and not os.environ.get("NO_COLOR")
            options = ReportOptions(color=color, statistics=args.statistics)
            reporters[args.format](tally.count(run.findings()), out, options)
            if args.statistics:
                tally.write(out if args.format == "flake8" else sys.stderr)
        finally:
            if out is not sys.stdout:
                out.close()
    if getattr(args, "internal_errors", 0):
        return EXIT_USAGE
    return EXIT_CLEAN if args.exit_zero or not tally.total else EXIT_FINDINGS


def run_rule(args: argparse.Namespace) -> int:
    from anchorlint.registry import all_rules
    from anchorlint.reporters.rulepages import find_rule, rule_page

    if args.all:
        sys.stdout.write("\n".join(rule_page(rule) for rule in all_rules().values()))
        return EXIT_CLEAN
    if not args.code:
        raise UsageError("give a rule code (anchorlint rule ANC101) or --all")
    rule = find_rule(args.code)
    if rule is None:
        raise UsageError(f"unknown rule {args.code!r}")
    sys.stdout.write(rule_page(rule))
    return EXIT_CLEAN


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return int(args.func(args))
    except ConfigError as exc:
        print(f"anchorlint: configuration error: {exc}", file=sys.stderr)
    except UsageError as exc:
        print(f"anchorlint: {exc}", file=sys.stderr)
    except KeyboardInterrupt:
        print("anchorlint: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_CLEAN
    return EXIT_USAGE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
