"""``anchorlint pin`` and ``anchorlint history``: the store- and generation-aware commands.

``pin PATH ... --store DIR`` rewrites summaries in place so that each unpinned positional
pointer carries the sha256 of its source span; it refuses (and reports) every pointer the
store cannot resolve. ``history FILE ...`` treats the files, in the order given, as
successive generations of one summary (JSON Lines records with a thread id form their own
threads) and reports ANC211-ANC213.

Exit status as for ``check``: 0 clean, 1 findings (refusals, or changes under ``--check``),
2 usage, configuration or store errors.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from pathlib import Path
from typing import Any

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
HISTORY_CODES = ("ANC211", "ANC212", "ANC213")
SUMMARY_SUFFIXES = (".md", ".markdown", ".txt", ".json", ".jsonl")


def add_subcommands(subparsers: Any) -> None:
    """Register ``pin`` and ``history`` on the CLI's subparsers."""
    pin = subparsers.add_parser("pin", help="pin positional pointers to the sha256 of their span")
    pin.add_argument("paths", nargs="+", help="summary files or directories to rewrite")
    pin.add_argument("--store", help="the store to hash spans from (default: from config)")
    pin.add_argument("--config", type=Path, help="anchorlint.toml or pyproject.toml to use")
    pin.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if something would be pinned"
    )
    pin.add_argument(
        "--diff",
        action="store_true",
        help="change nothing; print a unified diff of the pins on stdout, exit 1 if any",
    )
    pin.add_argument(
        "--length", type=int, default=16, help="hex digits per pin, 12 to 64 (default 16)"
    )
    pin.set_defaults(func=run_pin)

    history = subparsers.add_parser(
        "history", help="compare generations of a summary (ANC211-ANC213)"
    )
    history.add_argument("paths", nargs="+", help="files in generation order, oldest first")
    history.add_argument("--config", type=Path, help="anchorlint.toml or pyproject.toml to use")
    history.add_argument("--store", help="a store, for the text rules' density figures")
    history.add_argument("--format", default="flake8", help="report format (as for check)")
    history.add_argument(
        "--max-density-drop", type=float, help="allowed relative density drop (default 0.30)"
    )
    history.set_defaults(func=run_history)


def _settings(args: argparse.Namespace) -> Any:
    from anchorlint.config import load_settings

    settings = load_settings(args.config)
    if args.store:
        settings = dataclasses.replace(settings, store=os.path.abspath(args.store))
    return settings


def _fail(message: str) -> int:
    print(f"anchorlint: {message}", file=sys.stderr)
    return EXIT_USAGE


def _summary_files(paths: list[str], settings: Any) -> list[str] | str:
    """Files to pin (directories walked like ``check`` does), or an error message."""
    from anchorlint.run.discovery import discover

    missing = [p for p in paths if not os.path.lexists(p)]
    if missing:
        return f"no such file or directory: {missing[0]}"
    return [p for p in discover(paths, settings) if p.lower().endswith(SUMMARY_SUFFIXES)]


def run_pin(args: argparse.Namespace) -> int:
    from anchorlint.config import ConfigError
    from anchorlint.run.diffs import unified
    from anchorlint.stores import StoreError, open_store
    from anchorlint.stores.pinning import PinError, line_column, pin_file

    if not 12 <= args.length <= 64:
        return _fail("--length must be between 12 and 64")
    try:
        settings = _settings(args)
        store = open_store(settings)
    except (ConfigError, StoreError) as exc:
        return _fail(str(exc))
    if store is None:
        return _fail("pin needs a store: --store DIR, or store = ... in the config")
    files = _summary_files(args.paths, settings)
    if isinstance(files, str):
        return _fail(files)
    dry = args.check or args.diff
    # with --diff, stdout is the patch alone; what would otherwise go there is on stderr
    report = sys.stderr if args.diff else sys.stdout
    status = EXIT_CLEAN
    for path in files:
        try:
            outcome = pin_file(Path(path), store, settings, length=args.length, write=not dry)
        except (PinError, StoreError, OSError) as exc:
            print(f"{path}: not pinned: {exc}", file=sys.stderr)
            status = EXIT_FINDINGS
            continue
        for refusal in outcome.refused:
            line, column = line_column(outcome.text, refusal.offset)
            print(
                f"{path}:{line}:{column}: cannot pin {refusal.anchor_text!r}: {refusal.reason}",
                file=report,
            )
            status = EXIT_FINDINGS
        if outcome.changed:
            if args.diff:
                before, after = outcome.bom + outcome.original, outcome.bom + outcome.text
                sys.stdout.writelines(unified(path, before, after))
            verb = "would pin" if dry else "pinned"
            count = f"{outcome.pinned} pointer{'s' if outcome.pinned != 1 else ''}"
            print(f"{path}: {verb} {count}", file=report)
            status = EXIT_FINDINGS if dry else status
    return status


def history_settings(settings: Any, max_drop: float | None = None) -> Any:
    """``settings`` for a run whose thread-less summaries are generations in file order."""
    from anchorlint.text.history import HistoryRunSettings

    fields = dataclasses.asdict(settings.history)
    fields.pop("files_in_order", None)
    if max_drop is not None:
        fields["max_density_drop"] = max_drop
    return dataclasses.replace(
        settings,
        history=HistoryRunSettings(**fields),
        extend_select=(*settings.extend_select, *HISTORY_CODES),
    )


def run_history(args: argparse.Namespace) -> int:
    from anchorlint.config import ConfigError
    from anchorlint.reporters import ReportOptions, available
    from anchorlint.run.engine import lint_paths
    from anchorlint.stores import StoreError

    reporters = available()
    if args.format not in reporters:
        return _fail(
            f"unknown --format {args.format!r}; choose from {', '.join(sorted(reporters))}"
        )
    not_files = [p for p in args.paths if not os.path.isfile(p)]
    if not_files:
        return _fail(f"history compares files, in order; not a file: {not_files[0]}")
    try:
        settings = history_settings(_settings(args), args.max_density_drop)
        result = lint_paths(args.paths, settings, jobs=1)
    except (ConfigError, StoreError) as exc:
        return _fail(str(exc))
    findings = [f for f in result.findings if f.code in HISTORY_CODES]
    reporters[args.format](findings, sys.stdout, ReportOptions())
    return EXIT_FINDINGS if findings else EXIT_CLEAN
