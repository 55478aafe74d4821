"""``anchorlint history FILE ...``: the files, in the order given, are successive generations
of one summary (JSON Lines records with a thread id form their own threads); reports
ANC211-ANC213.

Exit status as for ``check``: 0 clean, 1 findings, 2 usage, configuration or store errors.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from typing import Any

from anchorlint.cli.common import EXIT_CLEAN, EXIT_FINDINGS, config_argument, fail, store_settings
from anchorlint.registry import family_codes


def add_subcommands(subparsers: Any) -> None:
    history = subparsers.add_parser(
        "history", help="compare generations of a summary (ANC211-ANC213)"
    )
    history.add_argument("paths", nargs="+", help="files in generation order, oldest first")
    config_argument(history)
    history.add_argument("--store", help="a store, for the text rules' density figures")
    history.add_argument(
        "--format",
        "--output-format",
        dest="format",
        default="flake8",
        help="report format (as for check)",
    )
    history.add_argument(
        "--max-density-drop", type=float, help="allowed relative density drop (default 0.30)"
    )
    history.set_defaults(func=run_history)


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
        extend_select=(*settings.extend_select, *family_codes("history")),
    )


def run_history(args: argparse.Namespace) -> int:
    from anchorlint.config import ConfigError
    from anchorlint.reporters import ReportOptions, available
    from anchorlint.run.pool import lint_paths
    from anchorlint.stores import StoreError

    reporters = available()
    if args.format not in reporters:
        return fail(f"unknown --format {args.format!r}; choose from {', '.join(sorted(reporters))}")
    not_files = [p for p in args.paths if not os.path.isfile(p)]
    if not_files:
        return fail(f"history compares files, in order; not a file: {not_files[0]}")
    try:
        chosen = history_settings(store_settings(args), args.max_density_drop)
        result = lint_paths(args.paths, chosen, jobs=1).collect()
    except (ConfigError, StoreError) as exc:
        return fail(str(exc))
    history = family_codes("history")
    findings = [f for f in result.findings if f.code in history]
    reporters[args.format](findings, sys.stdout, ReportOptions())
    return EXIT_FINDINGS if findings else EXIT_CLEAN
