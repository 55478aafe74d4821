"""``anchorlint pin``: rewrite summaries so each unpinned positional pointer carries the sha256
of its source span; refuse (and report) every pointer the store cannot resolve.

Exit status as for ``check``: 0 clean, 1 findings (refusals, or changes under ``--check``),
2 usage, configuration or store errors.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from anchorlint.cli.common import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    config_argument,
    fail,
    store_settings,
)
from anchorlint.safe_text import line_path, terminal


def add_subcommands(subparsers: Any) -> None:
    pin = subparsers.add_parser("pin", help="pin positional pointers to the sha256 of their span")
    pin.add_argument("paths", nargs="+", help="summary files or directories to rewrite")
    pin.add_argument("--store", help="the store to hash spans from (default: from config)")
    config_argument(pin)
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


def _summary_files(paths: list[str], settings: Any) -> list[str] | str:
    """Summary files to pin (directories walked like ``check`` does), or an error message."""
    from anchorlint.run.discovery import discover
    from anchorlint.run.kinds import kind_of

    missing = [p for p in paths if not os.path.lexists(p)]
    if missing:
        return f"no such file or directory: {missing[0]}"
    return [p for p in discover(paths, settings) if _is_summary(kind_of(p))]


def _is_summary(kind: Any) -> bool:
    return kind is not None and kind.rules == "text"


def run_pin(args: argparse.Namespace) -> int:
    from anchorlint.config import ConfigError
    from anchorlint.run.diffs import unified
    from anchorlint.stores import StoreError, open_store
    from anchorlint.stores.pinning import PinError, line_column, pin_file

    if not 12 <= args.length <= 64:
        return fail("--length must be between 12 and 64")
    try:
        loaded = store_settings(args)
        store = open_store(loaded)
    except (ConfigError, StoreError) as exc:
        return fail(str(exc))
    if store is None:
        return fail("pin needs a store: --store DIR, or store = ... in the config")
    files = _summary_files(args.paths, loaded)
    if isinstance(files, str):
        return fail(files)
    dry = args.check or args.diff
    # with --diff, stdout is the patch alone; what would otherwise go there is on stderr
    report = sys.stderr if args.diff else sys.stdout
    status = EXIT_CLEAN
    for path in files:
        try:
            outcome = pin_file(Path(path), store, loaded, length=args.length, write=not dry)
        except (PinError, StoreError, OSError) as exc:
            print(line_path(path) + ": " + terminal(f"not pinned: {exc}"), file=sys.stderr)
            status = EXIT_FINDINGS
            continue
        for refusal in outcome.refused:
            line, column = line_column(outcome.text, refusal.offset)
            print(
                f"{line_path(path)}:{line}:{column}: "
                + terminal(f"cannot pin {refusal.anchor_text!r}: {refusal.reason}"),
                file=report,
            )
            status = EXIT_FINDINGS
        if outcome.changed:
            if args.diff:
                before, after = outcome.bom + outcome.original, outcome.bom + outcome.text
                sys.stdout.writelines(unified(path, before, after))
            verb = "would pin" if dry else "pinned"
            count = f"{outcome.pinned} pointer{'s' if outcome.pinned != 1 else ''}"
            print(f"{line_path(path)}: {verb} {count}", file=report)
            status = EXIT_FINDINGS if dry else status
    return status
